import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type RequestType, requests } from '../../../lib/messaging/protocol';
import { classifySender, createRouter, type Handlers, type MessageSenderLike } from '../../../lib/background/router';

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
