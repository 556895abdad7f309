import type { z } from 'zod/mini';
import { checkWords } from './words';

const UNITS: Record<string, string> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/** The bound's relation as a sign; an exact bound has none ("to have 2 items"). */
type Relation = '' | '<=' | '<' | '>=' | '>';

function sizeWords(kind: 'big' | 'small', origin: string, bound: number | bigint, relation: Relation): string {
  return checkWords('checks.issue.size', {
    kind,
    origin,
    relation,
    bound: String(bound),
    unit: UNITS[origin] ?? 'none',
  });
}

/**
 * What a schema's rule says where the schema names no message of its own, in the language shown
 * (the contract's checks' words, lib/contract/words.ts; in English, zod's own sentences). zod/mini
 * ships no words for its issues (its English locale is 5 KB). Pass it to every parse whose first
 * issue a person reads: `schema.safeParse(value, { error: issueInWords })`.
 */
export function issueInWords(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return checkWords('checks.issue.type', { expected: issue.expected, received: kindOf(issue.input) });
    case 'invalid_value':
      return issue.values.length === 1
        ? checkWords('checks.issue.value', { value: quoted(issue.values[0]) })
        : checkWords('checks.issue.option', { values: issue.values.map(quoted).join('|') });
    case 'too_big':
      return sizeWords('big', issue.origin, issue.maximum, issue.exact ? '' : issue.inclusive ? '<=' : '<');
    case 'too_small':
      return sizeWords('small', issue.origin, issue.minimum, issue.exact ? '' : issue.inclusive ? '>=' : '>');
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern)
        return checkWords('checks.issue.pattern', { pattern: issue.pattern });
      if (issue.format === 'starts_with') return checkWords('checks.issue.prefix', { prefix: String(issue.prefix) });
      return checkWords('checks.issue.format', { format: issue.format });
    case 'not_multiple_of':
      return checkWords('checks.issue.multipleOf', { divisor: String(issue.divisor) });
    case 'unrecognized_keys':
      return checkWords('checks.issue.unrecognized', {
        count: issue.keys.length,
        keys: issue.keys.map(quoted).join(', '),
      });
    case 'invalid_union': {
      // A discriminated union names the values its key may take.
      const options: unknown = 'options' in issue ? issue.options : undefined;
      return Array.isArray(options) && options.length > 0
        ? checkWords('checks.issue.discriminator', {
            options: options.map((option) => `'${String(option)}'`).join(' | '),
          })
        : checkWords('checks.issue.invalid');
    }
    default:
      return checkWords('checks.issue.invalid');
  }
}

/** The parse options for a parse whose first issue a person reads. */
export const IN_WORDS = { error: issueInWords } as const;
