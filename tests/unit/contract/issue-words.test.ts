import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { IN_WORDS } from '../../../lib/contract/issue-words';
import { generationChoiceSchema } from '../../../lib/contract/generation-fields';
import { followedRequestSchema } from '../../../lib/contract/brand-library';
import { requests } from '../../../lib/messaging/protocol';
import { parseInput } from '../../../lib/background/parse-input';
import { ApiError } from '../../../lib/messaging/api-error';

/** zod's own English, which the classic API loaded and zod/mini leaves out of the bundles. */
const zodEnglish = { error: z.locales.en().localeError };

function firstMessage(schema: z.ZodMiniType, value: unknown, words: typeof IN_WORDS | typeof zodEnglish) {
  const parsed = schema.safeParse(value, words);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

describe("a rule's words where a schema names none", () => {
  it.each([
    ['a wrong type', z.string(), 42],
    ['null for a number', z.number(), null],
    ['a list for an object', z.object({ a: z.string() }), []],
    ['one literal', z.literal('followed'), 'all'],
    ['one of several', z.enum(['a', 'b']), 'c'],
    ['a string too long', z.string().check(z.maxLength(64)), 'x'.repeat(65)],
    ['a string too short', z.string().check(z.minLength(8)), 'short'],
    ['a list too long', z.array(z.string()).check(z.maxLength(2)), ['a', 'b', 'c']],
    ['a number too big', z.number().check(z.lte(599)), 600],
    ['a number too small', z.number().check(z.gte(0)), -1],
    ['a fraction for a whole number', z.number().check(z.int()), 1.5],
    ['a pattern not matched', z.string().check(z.regex(/^[a-z]{2}$/)), 'EN'],
    ['a prefix missing', z.string().check(z.startsWith('https://')), 'http://x'],
    ['a web address that is not one', z.url(), 'not a url'],
    ['an id that is not a UUID', z.uuid(), 'b1'],
    ['an unknown key', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
    ['unknown keys', z.strictObject({}), { b: 1, c: 2 }],
    ['no discriminator', z.discriminatedUnion('kind', [z.object({ kind: z.literal('page') })]), { kind: 'ad' }],
  ])('%s reads as zod English did', (_, schema, value) => {
    const ours = firstMessage(schema, value, IN_WORDS);
    expect(ours).not.toBeNull();
    expect(ours).toBe(firstMessage(schema, value, zodEnglish));
  });

  it("keeps the schema's own message first", () => {
    expect(firstMessage(z.string().check(z.maxLength(2, 'At most two.')), 'abc', IN_WORDS)).toBe('At most two.');
    expect(firstMessage(z.string({ error: 'Name the board.' }), 1, IN_WORDS)).toBe('Name the board.');
  });

  it('names the unknown field of a message the router refuses', () => {
    const input = requests['settings.save'].input;
    const refused = (() => {
      try {
        parseInput(input, { baseUrl: 'https://api.example', extra: true });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'invalid_input', field: 'input', message: 'Unrecognized key: "extra"' });
  });
});

describe('what the schemas keep, strip, fill in and refuse under zod/mini', () => {
  it('a request body the client sends is strict, and says what is missing', () => {
    expect(followedRequestSchema.safeParse({ offset: 0, limit: 10, extra: 1 }).success).toBe(false);
    expect(firstMessage(followedRequestSchema, undefined, IN_WORDS)).toBe(
      'followed is required with scope "followed": { offset, limit }.',
    );
    expect(followedRequestSchema.parse({ offset: 0, limit: 10 })).toEqual({ offset: 0, limit: 10 });
  });

  it('an optional field may be absent or undefined, never null', () => {
    const base = { prompt: 'A calm ad', brand_id: 'b1' };
    expect(generationChoiceSchema.parse(base)).toEqual(base);
    expect(generationChoiceSchema.parse({ ...base, size: undefined })).toEqual({ ...base, size: undefined });
    expect(generationChoiceSchema.safeParse({ ...base, size: null }).success).toBe(false);
  });

  it('strips unknown fields of a generation choice, as z.object did', () => {
    expect(generationChoiceSchema.parse({ prompt: 'A calm ad', brand_id: 'b1', extra: 1 })).toEqual({
      prompt: 'A calm ad',
      brand_id: 'b1',
    });
  });
});
