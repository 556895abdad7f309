import type { z } from 'zod/mini';

const UNITS: Record<string, string> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

/** The formats our schemas check, as zod's English names them. */
const FORMATS: Record<string, string> = { url: 'URL', uuid: 'UUID', email: 'email address', datetime: 'ISO datetime' };

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

function sizeWords(kind: 'Too big' | 'Too small', origin: string, bound: number | bigint, relation: string): string {
  const unit = UNITS[origin];
  return unit
    ? `${kind}: expected ${origin} to have ${relation}${bound} ${unit}`
    : `${kind}: expected ${origin} to be ${relation}${bound}`;
}

/**
 * What a schema's rule says in English where the schema names no message of its own. zod/mini
 * ships no words for its issues (its English locale is 5 KB); these are the same sentences for
 * the issues our schemas raise. Pass it to every parse whose first issue a person reads:
 * `schema.safeParse(value, { error: issueInWords })`.
 */
export function issueInWords(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${kindOf(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${quoted(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(quoted).join('|')}`;
    case 'too_big':
      return sizeWords('Too big', issue.origin, issue.maximum, issue.exact ? 'exactly ' : issue.inclusive ? '<=' : '<');
    case 'too_small':
      return sizeWords(
        'Too small',
        issue.origin,
        issue.minimum,
        issue.exact ? 'exactly ' : issue.inclusive ? '>=' : '>',
      );
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern) return `Invalid string: must match pattern ${issue.pattern}`;
      if (issue.format === 'starts_with') return `Invalid string: must start with "${String(issue.prefix)}"`;
      return `Invalid ${FORMATS[issue.format] ?? issue.format}`;
    case 'not_multiple_of':
      return `Invalid number: must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map(quoted).join(', ')}`;
    case 'invalid_union': {
      // A discriminated union names the values its key may take.
      const options: unknown = 'options' in issue ? issue.options : undefined;
      return Array.isArray(options) && options.length > 0
        ? `Invalid discriminator value. Expected ${options.map((option) => `'${String(option)}'`).join(' | ')}`
        : 'Invalid input';
    }
    default:
      return 'Invalid input';
  }
}

/** The parse options for a parse whose first issue a person reads. */
export const IN_WORDS = { error: issueInWords } as const;
