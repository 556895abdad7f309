import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type RequestType, requests } from '../../../lib/messaging/protocol';
import { classifySender, createRouter, type Handlers, type MessageSenderLike } from '../../../lib/background/router';
import { createApi } from '../../../lib/background/api';
import { createTransport } from '../../../lib/background/api/transport';
import { createHandlers } from '../../../lib/background/handlers';
import type { SaveOutbox } from '../../../lib/background/jobs/save-outbox';
import type { GenerationTracker } from '../../../lib/background/jobs/generation-tracker';
import type { WatchControls } from '../../../lib/background/watch/watch-service';
import { idProblem } from '../../../lib/contract/ids';
import { HOSTILE_IDS } from '../../support/hostile-ids';

/**
 * The background's router under random and hostile input: whatever arrives, a handler only
 * ever runs for an allowed sender with a payload its schema accepts; a forged sender reaches
 * nothing; nothing throws, nothing is polluted. Seeded, so a failure reproduces.
 */
const SEED = 20261122;
const identity = { extensionId: 'ours', extensionOrigin: 'chrome-extension://ours' };
const types = Object.keys(requests) as RequestType[];

function recordingHandlers() {
  const seen: { type: string; input: unknown }[] = [];
  const handlers = Object.fromEntries(
    types.map((type) => [
      type,
      vi.fn(async (input: unknown) => {
        seen.push({ type, input });
        return null;
      }),
    ]),
  ) as unknown as Handlers;
  return { handlers, seen };
}

/** Values an attacker can post: anything JSON-like, prototype keys, huge strings and deep nesting. */
const hostileValue = fc.oneof(
  fc.anything({ withObjectString: true, withNullPrototype: true, maxDepth: 4 }),
  fc.constantFrom(
    JSON.parse('{"__proto__": {"polluted": true}}'),
    JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
    { toString: 'x', valueOf: 1, then: 'not a promise' },
    'x'.repeat(1 << 20),
    [],
    Number.NaN,
    -0,
    Symbol.for('x'),
    () => 'a function',
    new Date(0),
  ),
);
const messageArbitrary = fc.oneof(
  hostileValue,
  // Well-formed envelopes of real types, with payloads that are sometimes valid.
  fc.record({
    type: fc.constantFrom(...types),
    payload: fc.oneof(
      fc.constant({}),
      fc.record({ theme: fc.constantFrom('dark', 'light', 'neon') }),
      fc.record({ requestId: fc.string() }),
      fc.dictionary(fc.string(), hostileValue, { maxKeys: 3 }),
      hostileValue,
    ),
  }),
  fc.record(
    {
      type: fc.oneof(
        fc.constantFrom(...types),
        fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty'),
        fc.string(),
      ),
      payload: hostileValue,
      requestId: fc.oneof(fc.string(), fc.integer(), hostileValue),
      extra: hostileValue,
    },
    { requiredKeys: ['type'] },
  ),
);
const ours: MessageSenderLike[] = [
  { id: 'ours', url: 'chrome-extension://ours/sidepanel.html' },
  { id: 'ours', url: 'https://shop.example/p', tab: { id: 4, windowId: 1 } },
];
const forged = fc.oneof(
  fc.record({
    id: fc.string().filter((id) => id !== 'ours'),
    url: fc.constant('chrome-extension://ours/sidepanel.html'),
  }),
  fc.constantFrom<MessageSenderLike>(
    { id: 'theirs', url: 'chrome-extension://theirs/page.html' },
    { id: 'ours', url: 'chrome-extension://theirs/page.html', tab: { id: 1 } },
    { id: 'ours', url: 'file:///home/user/ad.html', tab: { id: 1 } },
    { id: 'ours', url: 'data:text/html,<h1>hi</h1>', tab: { id: 1 } },
    { id: 'ours', url: 'blob:https://shop.example/uuid', tab: { id: 1 } },
    { id: 'ours', url: 'about:blank', tab: { id: 1 } },
    { id: 'ours', url: 'https://shop.example/' },
    { id: 'ours' },
    {},
  ),
);

describe('router fuzz', () => {
  it('runs a handler only for an allowed sender with a payload its schema accepts', async () => {
    let handled = 0;
    await fc.assert(
      fc.asyncProperty(messageArbitrary, fc.constantFrom(...ours), async (message, sender) => {
        const { handlers, seen } = recordingHandlers();
        const reply = await createRouter(handlers, identity)(message, sender);
        expect(typeof reply.ok).toBe('boolean');
        for (const { type, input } of seen) {
          const definition = requests[type as RequestType];
          expect(definition.senders as readonly string[]).toContain(classifySender(sender, identity));
          expect(definition.input.safeParse(input).success).toBe(true);
        }
        if (!reply.ok) expect(seen).toEqual([]);
        handled += seen.length;
      }),
      { numRuns: 2000, seed: SEED },
    );
    // The fuzz reaches handlers too, not only refusals.
    expect(handled).toBeGreaterThan(10);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('refuses every message from a forged sender before any handler runs', async () => {
    await fc.assert(
      fc.asyncProperty(messageArbitrary, forged, async (message, sender) => {
        const { handlers, seen } = recordingHandlers();
        const reply = await createRouter(handlers, identity)(message, sender);
        expect(reply.ok).toBe(false);
        if (!reply.ok) expect(reply.error.code).toBe('forbidden_sender');
        expect(seen).toEqual([]);
      }),
      { numRuns: 1000, seed: SEED },
    );
  });

  it('refuses a payload nested 100,000 deep and a 5 MB string without throwing', async () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    const { handlers, seen } = recordingHandlers();
    const route = createRouter(handlers, identity);
    const page = ours[0] as MessageSenderLike;
    for (const payload of [deep, { baseUrl: 'x'.repeat(5 << 20), apiKey: 'k'.repeat(5 << 20) }]) {
      const reply = await route({ type: 'settings.save', payload }, page);
      expect(reply.ok).toBe(false);
    }
    expect((await route(deep, page)).ok).toBe(false);
    expect(seen).toEqual([]);
  });
});

/**
 * Ids are opaque (a real service's brands are `m123456789012345`, its boards `board_abc123`), so
 * the router no longer asks for a UUID; what that check gave must hold all the same: an id that
 * could leave its path segment, add a query or fragment, smuggle an encoded `..`, or run long is
 * refused at the router with invalid_input, and a legal one reaches the API as one segment.
 */
describe('ids at the router', () => {
  /** Every request that carries an id of a brand, board or ad, with `id` in that place. */
  const carrying = (id: string): [RequestType, unknown][] => [
    ['brands.detail', { brandId: id }],
    ['brands.ads', { brandId: id, page_size: 10 }],
    ['library.ad', { adId: id }],
    ['boards.ads', { boardId: id }],
    ['library.search', { unified_brand_id: id }],
    ['watch.remove', { brandIds: [id] }],
    ['watch.markSeen', { brandIds: [id] }],
    ['outbox.save', { boardId: id, boardName: 'Board', adId: 'm1', tags: [] }],
    ['outbox.save', { boardId: 'board_abc123', boardName: 'Board', adId: id, tags: [] }],
    ['similar.find', { kind: 'ad', adId: 'm1', title: '', text: '', brandId: id, brandName: 'Brand', language: null }],
  ];
  const page = ours[0] as MessageSenderLike;

  it.each(HOSTILE_IDS.map((id) => [JSON.stringify(id).slice(0, 30), id]))(
    'refuses the id %s with invalid_input in every request, before any handler runs',
    async (_, id) => {
      for (const [type, payload] of carrying(id)) {
        const { handlers, seen } = recordingHandlers();
        const reply = await createRouter(handlers, identity)({ type, payload }, page);
        expect(reply.ok, `${type} ${JSON.stringify(payload).slice(0, 80)}`).toBe(false);
        if (!reply.ok) expect(reply.error.code).toBe('invalid_input');
        expect(seen).toEqual([]);
      }
    },
  );

  it('lets through exactly the ids that stay one path segment under /open/v1', async () => {
    const idArbitrary = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({ unit: fc.constantFrom(...'./%?#:~_-aZ0 \\'.split('')), minLength: 1, maxLength: 8 }),
      fc.stringMatching(/^[A-Za-z0-9_.:~-]{1,40}$/),
      fc.string({ minLength: 195, maxLength: 205, unit: fc.constantFrom('a', 'b', '1') }),
    );
    await fc.assert(
      fc.asyncProperty(idArbitrary, async (id) => {
        const { handlers, seen } = recordingHandlers();
        const reply = await createRouter(handlers, identity)({ type: 'brands.detail', payload: { brandId: id } }, page);
        expect(reply.ok).toBe(idProblem(id, 'brand') === null);
        if (!reply.ok) {
          expect(reply.error.code).toBe('invalid_input');
          expect(seen).toEqual([]);
          return;
        }
        // An oracle apart from the rule: the id, encoded, is one segment that reads back as itself.
        expect(id.length).toBeLessThanOrEqual(200);
        const url = new URL(`/open/v1/brand-library/${encodeURIComponent(id)}`, 'https://api.example');
        expect(url.search + url.hash).toBe('');
        const segments = url.pathname.split('/');
        expect(segments.slice(0, 4)).toEqual(['', 'open', 'v1', 'brand-library']);
        expect(segments).toHaveLength(5);
        expect(decodeURIComponent(segments[4] ?? '')).toBe(id);
        expect(seen).toEqual([{ type: 'brands.detail', input: { brandId: id } }]);
      }),
      { numRuns: 600, seed: SEED },
    );
  });

  it('sends legal opaque ids to the API, each encoded as one path segment under /open/v1', async () => {
    const sent: URL[] = [];
    const answer = (url: URL): unknown => {
      if (url.pathname.endsWith('/ads') || url.pathname.endsWith('/search')) return { items: [], cursor: '' };
      return { id: decodeURIComponent(url.pathname.split('/').at(-1) ?? '') };
    };
    const fakeFetch: typeof fetch = async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push(url);
      return new Response(JSON.stringify({ code: 0, message: 'ok', data: answer(url) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const api = createApi(
      createTransport({
        getConnection: async () => ({ baseUrl: 'https://api.example', apiKey: 'test-key-0001' }),
        fetch: fakeFetch,
        retryLimit: 0,
      }),
    );
    const handlers = createHandlers({
      api,
      outbox: {} as SaveOutbox,
      generations: {} as GenerationTracker,
      watch: {} as WatchControls,
    });
    const route = createRouter(handlers, identity);
    const uuid = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
    const cases: [RequestType, Record<string, unknown>, string][] = [
      ['brands.detail', { brandId: 'm123456789012345' }, '/open/v1/brand-library/m123456789012345'],
      ['brands.ads', { brandId: 't987' }, '/open/v1/brand-library/t987/ads'],
      ['brands.detail', { brandId: uuid }, `/open/v1/brand-library/${uuid}`],
      [
        'brands.detail',
        { brandId: uuid.replaceAll('-', '').toUpperCase() },
        `/open/v1/brand-library/${uuid.replaceAll('-', '').toUpperCase()}`,
      ],
      ['boards.ads', { boardId: 'board_abc123' }, '/open/v1/boards/board_abc123/ads'],
      ['boards.ads', { boardId: 'acme:7f3a.9c' }, '/open/v1/boards/acme%3A7f3a.9c/ads'],
      ['library.ad', { adId: 'm123456789012345678' }, '/open/v1/ad-library/m123456789012345678'],
    ];
    for (const [type, payload, path] of cases) {
      sent.length = 0;
      const reply = await route({ type, payload }, page);
      expect(reply.ok, `${type}: ${reply.ok ? '' : reply.error.message}`).toBe(true);
      expect(sent.map((url) => url.pathname)).toEqual([path]);
      expect(sent[0]?.origin).toBe('https://api.example');
    }
    // A board kept in this browser is read here: its id never reaches the service.
    sent.length = 0;
    const local = await route({ type: 'boards.ads', payload: { boardId: 'local:7f3a.9c' } }, page);
    expect(local.ok).toBe(true);
    expect(sent).toEqual([]);
    sent.length = 0;
    await route({ type: 'library.search', payload: { unified_brand_id: 'm123456789012345' } }, page);
    expect(sent[0]?.pathname).toBe('/open/v1/ad-library/search');
    expect(sent[0]?.searchParams.get('unified_brand_id')).toBe('m123456789012345');
  });
});
