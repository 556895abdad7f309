/**
 * An outsider's attack on the demo world: things a careful stranger, clicking through
 * `npm start`, would notice do not add up. Each test reads what the reference server serves
 * (started in-process with an injected clock) and states the consistency it expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { ServerClock } from '../../../server/clock';
import { demoPageBrands } from '../../../server/demo-pages';
import { NICHES } from '../../../server/demo-data/world';
import { api, withServer } from '../../support/server';
import { TEST_DAY, TEST_NOW_ISO } from '../../support/clock';

const DAY_MS = 86_400_000;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

interface BrandRow {
  id: string;
  name: string;
  category: string;
  first_seen?: string;
}
interface LibraryAd {
  id: string;
  title: string | null;
  body: string | null;
  link_url: string | null;
  start_date: string | null;
}
interface Page<T> {
  items: T[];
  cursor?: string;
}
interface BoardNode {
  board_id: string;
  name: string;
  ad_num: number;
  children: BoardNode[];
}

/** The data of a successful answer (code 0), or a failure naming the path. */
async function data<T>(server: RunningServer, path: string, init: Parameters<typeof api>[2] = {}): Promise<T> {
  const result = await api(server, path, init);
  if (result.body.code !== 0)
    throw new Error(`${path}: code ${String(result.body.code)} ${String(result.body.message)}`);
  return result.body.data as T;
}

/** Every page of a cursor-paged list. */
async function allPages<T>(server: RunningServer, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor = '';
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = await data<Page<T>>(
      server,
      `${path}${separator}page_size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.cursor ?? '';
  } while (cursor);
  return items;
}

const sectorOfCategory = (category: string) =>
  NICHES.find((niche) => category.startsWith(`${niche.name} (`))?.sector ?? `no sector for ${category}`;

/** Every name a product whose name says it is worn on the feet goes by, in every language. */
const FOOTWEAR = NICHES.flatMap((niche) => niche.products)
  .filter((product) => /\b(shoes?|boots?|sneakers?|sandals?|trainers?)\b/.test(product.names.en))
  .flatMap((product) => Object.values(product.names))
  .filter((name): name is string => typeof name === 'string')
  .map((name) => name.toLowerCase());

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());

describe('the demo world, as a stranger reads it', () => {
  it('a brand name ending that suits a sector (… Outfitters, … Pantry, … Labs) is only worn by a brand of that sector, and no name repeats a word', async () => {
    // A stranger searching brands finds "Glacier Outfitters" selling gaming headsets, "Indigo
    // Pantry" selling gaming chairs, "Peak Labs" issuing credit cards, and a brand called "Bloom Bloom".
    const problems: string[] = [];
    for (const [ending, sector] of [
      ['Outfitters', 'Outdoor'],
      ['Pantry', 'Food'],
      ['Labs', 'Software'],
    ] as const) {
      const rows = await allPages<BrandRow>(server, `/brand-library/search?query=${ending}`);
      for (const row of rows.filter((candidate) => candidate.name.endsWith(` ${ending}`))) {
        const actual = sectorOfCategory(row.category);
        if (actual !== sector) problems.push(`${row.name} is in ${row.category} (${actual}), not ${sector}`);
      }
    }
    for (const row of await allPages<BrandRow>(server, '/brand-library/search?query=bloom')) {
      const words = row.name.toLowerCase().split(/\s+/);
      if (new Set(words).size < words.length) problems.push(`${row.name} repeats a word`);
    }
    expect(problems).toEqual([]);
  });

  it('no ad of a followed brand launched before the day the brand was first seen', async () => {
    // A stranger opens a rival's page: "first seen 2026-01-12", yet its ads list shows ads
    // launched months before that day, the brand's long-running winners among them.
    const followed = (await data<Page<BrandRow>>(server, '/brand-library/followed?page_size=100')).items;
    const problems: string[] = [];
    for (const row of followed) {
      const detail = await data<BrandRow>(server, `/brand-library/${row.id}`);
      if (!detail.first_seen) continue;
      const earlier = await data<Page<LibraryAd>>(
        server,
        `/brand-library/${row.id}/ads?end_date=${dayBefore(detail.first_seen)}&page_size=3`,
      );
      for (const ad of earlier.items)
        problems.push(`${detail.name}: first seen ${detail.first_seen}, ${ad.id} launched ${ad.start_date ?? '?'}`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('the "Footwear" board holds ads for shoes and boots only', async () => {
    // A stranger opens Acme Outdoor's board "Footwear" and finds ads for rain jackets, trail
    // backpacks, down sleeping bags and climbing ropes among the boots.
    const tree = (await data<Page<BoardNode>>(server, '/boards')).items;
    const flat = (nodes: BoardNode[]): BoardNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
    const board = flat(tree).find((node) => node.name === 'Footwear');
    if (!board) throw new Error('Acme Outdoor has no board named Footwear');
    const ads = await allPages<LibraryAd>(server, `/boards/${board.board_id}/ads`);
    expect(ads.length).toBe(board.ad_num);
    const notFootwear = ads
      .map((ad) => ({ ad, text: [ad.title, ad.body].filter((part): part is string => part !== null).join(' ') }))
      .filter(({ text }) => text !== '' && !FOOTWEAR.some((name) => text.toLowerCase().includes(name)))
      .map(({ ad }) => `${ad.id}: ${ad.title ?? ad.body ?? ''}`);
    expect(notFootwear).toEqual([]);
  });

  it("an ad of the demo store leads to a page about the product it advertises, in the ad's language", async () => {
    // A stranger clicks a store's ad for a rain jacket (or a German "Regenjacke" ad) and lands
    // on an English product page for trail running shoes by another brand.
    const store = demoPageBrands(server.state)[1];
    if (!store) throw new Error('no demo store brand');
    const ads = await allPages<LibraryAd & { language: string }>(server, `/brand-library/${store.id}/ads`);
    const toProductPage = ads.filter((ad) => ad.link_url?.includes('/demo/pages/product'));
    expect(toProductPage.length).toBeGreaterThan(0);
    const shoes = ['trail running shoes', 'trailrunning-schuhe', 'chaussures de trail'];
    const problems = toProductPage
      .filter((ad) => ad.title !== null || ad.body !== null)
      .filter((ad) => {
        const text = `${ad.title ?? ''} ${ad.body ?? ''}`.toLowerCase();
        return ad.language !== 'en' || !shoes.some((name) => text.includes(name));
      })
      .map((ad) => `${ad.id} (${ad.language}): "${ad.title ?? ad.body ?? ''}" leads to the trail running shoes page`);
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('a cached video transcript was made before now, whatever the time of day the demo starts', async () => {
    // A stranger starts the demo at 03:00 UTC and opens a cached transcript: "created 08:00
    // today", five hours in the future.
    const early = await withServer({ now: `${TEST_DAY}T03:00:00.000Z` });
    try {
      const cached = early.state.adAccounts.flatMap((account) =>
        [...account.transcripts.keys()].map((videoId) => ({ account: account.id, videoId })),
      );
      const first = cached[0];
      if (!first) throw new Error('no cached transcript in the demo');
      const transcript = await data<{ created_at: string }>(
        early,
        `/ad-accounts/${first.account}/videos/${encodeURIComponent(first.videoId)}/transcript`,
      );
      expect(Date.parse(transcript.created_at)).toBeLessThanOrEqual(early.state.clock.now().getTime());
    } finally {
      await early.close();
    }
  });

  it('after the clock passes midnight, yesterday still shows the delivery of the ads that are running', async () => {
    // A stranger leaves the demo running overnight: next morning "Yesterday" reports no spend,
    // no impressions, no ad at all, while the ranked list still calls ads "active".
    const clock = new ServerClock(TEST_NOW_ISO, 0);
    const overnight = await withServer({ clock });
    try {
      const [account] = (await data<Page<{ id: string }>>(overnight, '/ad-accounts')).items;
      if (!account) throw new Error('no ad account');
      const before = await data<{ metrics: Record<string, number | null> }>(
        overnight,
        `/ad-accounts/${account.id}/summary?period=yesterday`,
      );
      expect(before.metrics.spend).toBeGreaterThan(0);
      clock.advance(DAY_MS);
      const ranked = await data<{ items: { status: string }[] }>(
        overnight,
        `/ad-accounts/${account.id}/ads?period=last_7d&limit=50`,
      );
      expect(ranked.items.some((row) => row.status === 'active')).toBe(true);
      const after = await data<{ metrics: Record<string, number | null> }>(
        overnight,
        `/ad-accounts/${account.id}/summary?period=yesterday`,
      );
      // null: "no data in the window" (spec 4.0), for every running ad of the account.
      expect(after.metrics.spend).not.toBeNull();
      expect(after.metrics.spend ?? 0).toBeGreaterThan(0);
    } finally {
      await overnight.close();
    }
  });

  it('a generation of 20 images gives 20 distinct concepts (spec 4.16: "size distinct concept variants")', async () => {
    // A stranger asks for 20 variants and finds image 11 is "Bold headline: …" again, the
    // same concept as image 1, and so on for the last ten.
    const clock = new ServerClock(TEST_NOW_ISO, 0);
    const generating = await withServer({ clock });
    try {
      const owned = (await data<Page<{ id: string; locked: boolean }>>(generating, '/owned-brands')).items;
      const brand = owned.find((candidate) => !candidate.locked);
      if (!brand) throw new Error('no unlocked owned brand');
      const made = await data<{ generation_id: string }>(generating, '/image-generations', {
        method: 'POST',
        body: {
          idempotency_key: '6f1f7f5e-3c1a-4d7e-9b2a-0c5d8e9f1a2b',
          prompt: 'Spring trail running shoes',
          brand_id: brand.id,
          size: 20,
        },
      });
      clock.advance(30 * 60_000);
      const done = await data<{ image_ids: string[] }>(generating, `/image-generations/${made.generation_id}`);
      expect(done.image_ids).toHaveLength(20);
      const concepts: string[] = [];
      for (const imageId of done.image_ids) {
        const image = await data<{ concept: string }>(
          generating,
          `/image-generations/${made.generation_id}/images/${imageId}`,
        );
        concepts.push(image.concept);
      }
      const repeated = concepts.filter((concept, n) => concepts.indexOf(concept) !== n);
      expect(repeated).toEqual([]);
    } finally {
      await generating.close();
    }
  });
});
