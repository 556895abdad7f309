import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod/mini';
import { lazily, once } from '../../../lib/lazy';
import type { Reply } from '../../../lib/messaging/reply';

/**
 * A woken worker evaluates every module of its script before it answers: none of them builds a
 * schema as it loads, and answering `settings.get` builds only what that answer uses, not the
 * contract's answers nor the jobs' records (docs/performance.md, worker cold start).
 */

describe('lazily', () => {
  it('makes the schema at its first use, once, and parses as it does', () => {
    const make = vi.fn(() => z.string().check(z.minLength(2)));
    const schema = lazily(make);
    expect(make).not.toHaveBeenCalled();
    expect(schema.safeParse('ab').success).toBe(true);
    expect(schema.safeParse('a').success).toBe(false);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('stands for the schema inside another, its optionality included', () => {
    const make = vi.fn(() => z.optional(z.number()));
    const record = z.strictObject({ count: lazily(make), items: z.array(lazily(() => z.string())) });
    expect(make).not.toHaveBeenCalled();
    expect(record.parse({ items: ['a'] })).toEqual({ items: ['a'] });
    expect(record.safeParse({ count: 'one', items: [] }).success).toBe(false);
    expect('_zod' in lazily(() => z.string())).toBe(true);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('once calls its maker at the first call only', () => {
    const make = vi.fn(() => ({ built: true }));
    const table = once(make);
    expect(make).not.toHaveBeenCalled();
    expect(table()).toBe(table());
    expect(make).toHaveBeenCalledTimes(1);
  });
});

/** Every zod builder the worker's modules call (`z.object`, `z.string`, ...), by name, in order. */
const built = vi.hoisted(() => [] as string[]);

describe("the worker's modules", () => {
  beforeAll(() => {
    // The modules are evaluated afresh, with zod's builders counted.
    vi.resetModules();
    vi.doMock('zod/mini', async (importOriginal) => {
      const actual = await importOriginal<typeof import('zod/mini')>();
      const counted = new Proxy(actual.z, {
        get: (target, key) => {
          const value: unknown = Reflect.get(target, key);
          if (typeof value !== 'function' || typeof key !== 'string' || !/^[a-z]/.test(key)) return value;
          return (...args: unknown[]) => {
            built.push(key);
            return Reflect.apply(value, target, args);
          };
        },
      });
      return { ...actual, z: counted };
    });
  });

  afterAll(() => {
    vi.doUnmock('zod/mini');
    vi.resetModules();
  });

  let restore: (() => void) | undefined;
  beforeEach(() => {
    fakeBrowser.reset();
    built.length = 0;
  });
  afterEach(() => {
    restore?.();
    vi.useRealTimers();
  });

  it('build no schema as they load, and the first answer builds only its own', { timeout: 20_000 }, async () => {
    const { startBackground } = await import('../../../lib/background/start');
    await import('../../../lib/background/similar/trigger');
    expect(built).toEqual([]);

    const { patchBrowser } = await import('../../support/week-browser');
    const browser = patchBrowser();
    restore = () => {
      browser.removeWorkerListeners();
      browser.restore();
    };
    // The jobs start once the answer is sent: the timers stay still until it is counted.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    startBackground({
      clock: () => 0,
      fetch: async () => new Response(null, { status: 500 }),
      estimate: async () => ({ usage: 0, quota: 1e9 }),
      install: { openWelcome: false },
    });
    const reply = await new Promise<Reply>((resolve) => {
      void fakeBrowser.runtime.onMessage.trigger(
        { type: 'settings.get', payload: {} },
        { id: fakeBrowser.runtime.id, url: `chrome-extension://${fakeBrowser.runtime.id}/sidepanel.html` },
        resolve,
      );
    });
    expect(reply).toMatchObject({ ok: true, data: { hasApiKey: false } });
    // The request's wire shape and input, the settings and the connection: a few dozen builders.
    expect(built.length).toBeGreaterThan(0);
    expect(built.length).toBeLessThan(40);
    // No answer of the contract (read tolerantly, as loose objects) was built.
    expect(built).not.toContain('looseObject');
  });
});
