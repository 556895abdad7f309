import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDITS_PER_IMAGE } from '../../../lib/contract/generation-fields';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../../../lib/contract/demo';
import type { RunningServer } from '../../../server/app';
import { FREE_DAILY_SUBMITS, planGeneration, STARTING_CREDITS, viewAt } from '../../../server/generations';
import { iconShapes } from '../../../server/illustrations';
import { api, withServer } from '../../support/server';

interface Generation {
  generation_id: string;
  status: string;
  image_ids: string[];
  concept_ids: string[];
  images: { image_id: string; status: string }[];
}

let server: RunningServer;
let keyCounter = 0;
beforeAll(async () => {
  // A pinned wall clock and a stopped generation clock: time moves only when a test advances it.
  server = await withServer({ timeScale: 0 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.state.reset();
  server.state.clock.setTimeScale(0);
});

const acme = () => server.state.data.workspaces[0];
const northwind = () => server.state.data.workspaces[1];
const brandOf = (index: number, workspace = acme()) => workspace?.ownedBrands[index]?.id ?? '';
const newKey = () => `test-key-${(keyCounter += 1).toString().padStart(4, '0')}`;

async function submit(body: Record<string, unknown>, key = DEMO_API_KEY) {
  return api(server, '/image-generations', { method: 'POST', key, body });
}
async function read(id: string, key = DEMO_API_KEY) {
  return api(server, `/image-generations/${id}`, { key });
}
function credits(name: string) {
  return server.state.generations.credits(server.state.data.workspaces).find((row) => row.workspace === name);
}

describe('submitting', () => {
  it('answers at once with a generation id, empty image_ids and pending, and reserves credits times size', async () => {
    const result = await submit({
      idempotency_key: newKey(),
      prompt: 'Trail shoes for spring',
      brand_id: brandOf(0),
      size: 3,
    });
    expect(result.status).toBe(200);
    const data = result.body.data as Generation;
    expect(data.generation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.image_ids).toEqual([]);
    expect(data.status).toBe('pending');
    const acmeCredits = credits('Acme Outdoor');
    expect(acmeCredits?.balance).toBe(STARTING_CREDITS.pro - 3 * CREDITS_PER_IMAGE);
    expect(acmeCredits?.ledger).toEqual([
      expect.objectContaining({ kind: 'reserve', credits: 3 * CREDITS_PER_IMAGE, generation_id: data.generation_id }),
    ]);
  });

  it('the same key from the same workspace returns the same generation and spawns nothing new', async () => {
    const body = { idempotency_key: newKey(), prompt: 'Camp stoves', brand_id: brandOf(1), size: 2 };
    const first = (await submit(body)).body.data as Generation;
    const again = (await submit(body)).body.data as Generation;
    expect(again.generation_id).toBe(first.generation_id);
    expect(credits('Acme Outdoor')?.ledger).toHaveLength(1);
    // A different key is a different attempt.
    const other = (await submit({ ...body, idempotency_key: newKey() })).body.data as Generation;
    expect(other.generation_id).not.toBe(first.generation_id);
  });

  it('runs the free-plan quota gate before the idempotency lookup: a retry of a key that exists can be refused', async () => {
    const brand = brandOf(0, northwind());
    const body = { idempotency_key: newKey(), prompt: 'Cold brew', brand_id: brand };
    const first = (await submit(body, DEMO_SECOND_API_KEY)).body.data as Generation;
    // Every request through the gate counts, retries of the same key included.
    for (let i = 1; i < FREE_DAILY_SUBMITS; i += 1) {
      const retry = await submit(body, DEMO_SECOND_API_KEY);
      expect((retry.body.data as Generation).generation_id).toBe(first.generation_id);
    }
    const refused = await submit(body, DEMO_SECOND_API_KEY);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(40301);
    expect(String(refused.body.message)).toMatch(/free plan/i);
    expect(credits('Northwind Coffee')?.ledger).toHaveLength(1);
    // The next UTC day the gate opens again.
    server.state.clock.advance(24 * 3_600_000);
    expect((await submit(body, DEMO_SECOND_API_KEY)).body.code).toBe(0);
  });

  it.each([
    // undefined is left out of the JSON body.
    ['no idempotency key', { idempotency_key: undefined }, 40001, /idempotency_key/],
    ['an empty prompt', { prompt: '   ' }, 40001, /prompt/],
    ['a prompt over 10000 characters', { prompt: 'a'.repeat(10_001) }, 40001, /10000/],
    ['size 0', { size: 0 }, 40001, /size/],
    ['size 21', { size: 21 }, 40001, /size/],
    ['size 2.5', { size: 2.5 }, 40001, /size/],
    ['an unknown aspect ratio', { aspect_ratio: '3:1' }, 40001, /aspect_ratio/],
    ['an unknown output language', { output_language: 'klingon' }, 40001, /output_language/],
    ['a javascript: reference image', { reference_image_url: 'javascript:alert(1)' }, 40001, /reference_image_url/],
    ['a logo URL with credentials', { logo_url: 'https://user:pw@example.com/logo.png' }, 40001, /logo_url/],
    ['too many product images', { product_image_urls: Array(11).fill('https://x.example/a.png') }, 40001, /product/],
    ['a color that is not hex', { colors: ['red'] }, 40001, /hex/],
    ['an unknown brand', { brand_id: '00000000-0000-4000-8000-000000000000' }, 40401, /owned brand/],
  ])('refuses %s', async (_, override, code, message) => {
    const body = { idempotency_key: newKey(), prompt: 'A brief', brand_id: brandOf(0), ...override };
    const result = await submit(body);
    expect(result.body.code).toBe(code);
    expect(String(result.body.message)).toMatch(message);
    expect(credits('Acme Outdoor')?.ledger).toEqual([]);
  });

  it("answers another workspace's brand as absent (40401)", async () => {
    const result = await submit({ idempotency_key: newKey(), prompt: 'x', brand_id: brandOf(0, northwind()) });
    expect(result.body.code).toBe(40401);
  });

  it('refuses a locked brand with 40301 and the plan message', async () => {
    const locked = acme()?.ownedBrands.find((brand) => brand.locked);
    const result = await submit({ idempotency_key: newKey(), prompt: 'x', brand_id: locked?.id });
    expect(result.status).toBe(403);
    expect(result.body.code).toBe(40301);
    expect(String(result.body.message)).toMatch(/plan/);
  });

  it('answers 50001 when credits run out upstream, and when the image service is down', async () => {
    const free = northwind();
    const brand = brandOf(0, free);
    // 40 credits: 10 images' worth; a request for 11 is rejected upstream.
    const tooMany = await submit(
      { idempotency_key: newKey(), prompt: 'x', brand_id: brand, size: 11 },
      DEMO_SECOND_API_KEY,
    );
    expect(tooMany.body.code).toBe(50001);
    expect(String(tooMany.body.message)).toMatch(/credits/);
    server.state.faults.add({ kind: 'upstream', method: 'POST', path: '/image-generations' });
    const down = await submit({ idempotency_key: newKey(), prompt: 'x', brand_id: brandOf(0) });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe(50001);
    server.state.faults.clear();
  });
});

describe('the status machine on the server clock', () => {
  it('goes pending, processing with image_ids filling, then a terminal status that never changes', async () => {
    const data = (await submit({ idempotency_key: newKey(), prompt: 'Rain jackets', brand_id: brandOf(0), size: 4 }))
      .body.data as Generation;
    const record = server.state.generations.find(data.generation_id);
    if (!record) throw new Error('no record');
    server.state.clock.advance(record.fanOutMs - 1);
    expect(((await read(data.generation_id)).body.data as Generation).status).toBe('pending');
    server.state.clock.advance(1);
    const seen: number[] = [];
    let last: Generation | null = null;
    for (let step = 0; step < 200; step += 1) {
      last = (await read(data.generation_id)).body.data as Generation;
      seen.push(last.image_ids.length);
      if (['success', 'partial_success', 'failed'].includes(last.status)) break;
      expect(last.status).toBe('processing');
      server.state.clock.advance(1_000);
    }
    if (!last) throw new Error('never read');
    // image_ids fill one by one, never shrink, and the concepts are known from fan-out.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[0]).toBeLessThan(4);
    expect(last.image_ids).toHaveLength(4);
    expect(last.concept_ids).toHaveLength(4);
    expect(last.status).toBe(viewAt(record, Number.POSITIVE_INFINITY).status);
    server.state.clock.advance(10 * 60_000);
    expect((await read(data.generation_id)).body.data).toEqual(last);
  });

  it('seeds every terminal status: success, partial_success and failed', () => {
    const statuses = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      statuses.add(viewAt(planGeneration(1, `id-${i}`, 4, 'brief'), Number.POSITIVE_INFINITY).status);
    }
    expect([...statuses].sort()).toEqual(['failed', 'partial_success', 'success']);
  });

  it('refunds each failed image once; rendered images stay charged', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push(
        (
          (await submit({ idempotency_key: newKey(), prompt: `Brief ${i}`, brand_id: brandOf(0), size: 3 })).body
            .data as Generation
        ).generation_id,
      );
    }
    server.state.clock.advance(30 * 60_000);
    let failedImages = 0;
    let renderedImages = 0;
    for (const id of ids) {
      const data = (await read(id)).body.data as Generation;
      failedImages += data.images.filter((image) => image.status === 'failed').length;
      renderedImages += data.images.filter((image) => image.status === 'success').length;
      await read(id);
    }
    expect(failedImages).toBeGreaterThan(0);
    const account = credits('Acme Outdoor');
    expect(account?.ledger.filter((entry) => entry.kind === 'refund')).toHaveLength(failedImages);
    expect(account?.balance).toBe(STARTING_CREDITS.pro - renderedImages * CREDITS_PER_IMAGE);
  });

  it('serves one image with its URL when rendered, and its error when failed', async () => {
    const data = (
      await submit({ idempotency_key: newKey(), prompt: 'Tents', brand_id: brandOf(1), size: 5, aspect_ratio: '4:5' })
    ).body.data as Generation;
    server.state.clock.advance(30 * 60_000);
    const done = (await read(data.generation_id)).body.data as Generation;
    for (const image of done.images) {
      const detail = (await api(server, `/image-generations/${data.generation_id}/images/${image.image_id}`)).body
        .data as { status: string; url: string | null; error: string | null; width: number; height: number };
      expect(detail.status).toBe(image.status);
      expect(detail.width / detail.height).toBeCloseTo(4 / 5, 2);
      if (detail.status === 'success') {
        expect(detail.url).toMatch(/\/media\/generations\/.+\.svg$/);
        const svg = await fetch(detail.url ?? '');
        expect(svg.headers.get('content-type')).toBe('image/svg+xml');
        // It follows the brief (its words, the tent it names) and the brand's palette.
        const text = await svg.text();
        expect(text).toContain('Tents');
        expect(text).toContain(iconShapes('tent'));
        expect(text).toContain(acme()?.ownedBrands[1]?.colors[0] ?? '#');
      } else {
        expect(detail.url).toBeNull();
        expect(detail.error).toMatch(/refunded/);
      }
    }
  });
});

describe('reading generations', () => {
  it.each([
    ['an invalid id', 'not-a-uuid', DEMO_API_KEY, 40001],
    ['an unknown id', '00000000-0000-4000-8000-000000000000', DEMO_API_KEY, 40401],
  ])('answers %s with %s', async (_, id, key, code) => {
    expect((await read(id, key)).body.code).toBe(code);
  });

  it("answers another workspace's generation as absent, accepts 32 hex, and 50001 when upstream is down", async () => {
    const data = (await submit({ idempotency_key: newKey(), prompt: 'x', brand_id: brandOf(0) })).body
      .data as Generation;
    expect((await read(data.generation_id, DEMO_SECOND_API_KEY)).body.code).toBe(40401);
    expect((await read(data.generation_id.replaceAll('-', ''))).body.code).toBe(0);
    expect((await api(server, `/image-generations/${data.generation_id}/images/nope`)).body.code).toBe(40401);
    server.state.faults.add({ kind: 'upstream', method: 'GET', path: '/image-generations' });
    expect((await read(data.generation_id)).body.code).toBe(50001);
    server.state.faults.clear();
  });
});
