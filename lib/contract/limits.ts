import { checkWords } from './words';

/** A rule a request breaks, naming the field: the client shows it on the field, the server answers 40001 with it. */
export interface Problem {
  field: string;
  message: string;
}

/** Documented limits of spec section 8, enforced before any request is sent. */
export const LIMITS = {
  maxMetrics: 20,
  adsLimit: { min: 1, max: 50, default: 10 },
  generationSize: { min: 1, max: 20, default: 1 },
  promptMaxChars: 10_000,
} as const;

const DASHED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COMPACT_UUID = /^[0-9a-f]{32}$/i;

export function isUuid(value: string): boolean {
  return DASHED_UUID.test(value) || COMPACT_UUID.test(value);
}

/** A UUID in either accepted form as dashed lower case, or null when it is not one. */
export function canonicalUuid(value: string): string | null {
  if (DASHED_UUID.test(value)) return value.toLowerCase();
  if (!COMPACT_UUID.test(value)) return null;
  const v = value.toLowerCase();
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/** Metric ids: at most 20, each one from the account's catalogue when the catalogue is known. */
export function metricsProblem(ids: readonly string[], catalogue?: ReadonlySet<string>): Problem | null {
  if (ids.length > LIMITS.maxMetrics) {
    return {
      field: 'metrics',
      message: checkWords('checks.metrics.tooMany', { max: LIMITS.maxMetrics, selected: ids.length }),
    };
  }
  const unknown = catalogue ? ids.filter((id) => !catalogue.has(id)) : [];
  if (unknown.length > 0) {
    return { field: 'metrics', message: checkWords('checks.metrics.unknown', { ids: unknown.join(', ') }) };
  }
  return null;
}
