import { ALTERNATIVE_NAMES } from '@/lib/contract/alternatives';
import { t } from '@/lib/i18n';
import { formatNumber } from '../ui/format';
import 'virtual:adscope-english/brands';

/** A number under one of `names` in `record`, with the name it was found under. */
function numberIn(record: Record<string, unknown>, names: readonly string[]): { key: string; value: number } | null {
  for (const key of names) {
    const value = record[key];
    if (typeof value === 'number' && Number.isFinite(value)) return { key, value };
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where the quota's numbers are: its top, or else the one object under it that holds both a
 * used and a limit by a known name (`quota.followed_brands.used`), preferring one named for brands.
 */
function quotaNumbers(quota: Record<string, unknown>) {
  const read = (record: Record<string, unknown>) => ({
    used: numberIn(record, ALTERNATIVE_NAMES.quotaUsed),
    limit: numberIn(record, ALTERNATIVE_NAMES.quotaLimit),
    remaining: numberIn(record, ALTERNATIVE_NAMES.quotaRemaining),
    locked: numberIn(record, ALTERNATIVE_NAMES.quotaLocked),
  });
  const top = read(quota);
  if (top.used && top.limit) return { ...top, from: null };
  const nested = Object.entries(quota)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .sort(([a], [b]) => Number(/brand|follow/i.test(b)) - Number(/brand|follow/i.test(a)))
    .map(([key, value]) => ({ ...read(value), from: key }))
    .find((found) => found.used && found.limit);
  return nested ?? { ...top, from: null };
}

/**
 * The followed-brand quota in words. Its fields are not shown in the contract: the used and
 * limit (and remaining, locked) are read by any known name, at the quota's top or one object
 * down; every other plain field is listed as it comes, and nothing is shown as a number it is not.
 */
export function describeQuota(quota: Record<string, unknown> | null | undefined): string[] {
  if (!quota) return [];
  const { used, limit, locked, remaining, from } = quotaNumbers(quota);
  const lines: string[] = [];
  const consumed = new Set<string>();
  if (used && limit) {
    lines.push(t('brands.quota.tracks', { limit: limit.value, used: formatNumber(used.value) }));
    for (const found of [used, limit, locked, remaining]) if (found) consumed.add(found.key);
    if (locked?.value) lines.push(t('brands.quota.locked', { count: locked.value }));
    else if (remaining) lines.push(t('brands.quota.remaining', { count: formatNumber(remaining.value) }));
  }
  const plain = (value: unknown) =>
    typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean';
  // A field the service names its own way: its name as it comes (service data), its value.
  const say = (label: string, value: unknown) =>
    lines.push(
      t('brands.quota.field', {
        label: label.replace(/_/g, ' '),
        value: typeof value === 'number' ? formatNumber(value) : String(value),
      }),
    );
  for (const [key, value] of Object.entries(quota)) {
    if (from === null && consumed.has(key)) continue;
    if (key === 'unit' && used && limit) continue;
    if (plain(value)) say(key, value);
    else if (key === from && isRecord(value)) {
      for (const [inner, innerValue] of Object.entries(value))
        if (!consumed.has(inner) && inner !== 'unit' && plain(innerValue)) say(`${key} ${inner}`, innerValue);
    }
  }
  return lines;
}
