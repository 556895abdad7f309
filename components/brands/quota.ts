import { formatNumber } from '../ui/format';

/**
 * The followed-brand quota in words. Its fields are not shown in the contract: the reference
 * server's (used, limit, remaining, locked) are read by name, anything else is listed as is.
 */
export function describeQuota(quota: Record<string, unknown> | null | undefined): string[] {
  if (!quota) return [];
  const number = (key: string) => (typeof quota[key] === 'number' ? (quota[key] as number) : null);
  const used = number('used');
  const limit = number('limit');
  const locked = number('locked');
  const remaining = number('remaining');
  const lines: string[] = [];
  if (used !== null && limit !== null) {
    lines.push(`Your plan tracks ${formatNumber(limit)} brands; you follow ${formatNumber(used)}.`);
    if (locked)
      lines.push(
        `${formatNumber(locked)} followed ${locked === 1 ? 'brand is' : 'brands are'} locked until you upgrade or unfollow others.`,
      );
    else if (remaining !== null) lines.push(`You can follow ${formatNumber(remaining)} more.`);
  }
  const known = new Set(['used', 'limit', 'locked', 'remaining', 'unit']);
  for (const [key, value] of Object.entries(quota)) {
    if (known.has(key) && used !== null && limit !== null) continue;
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
      lines.push(`${key.replace(/_/g, ' ')}: ${typeof value === 'number' ? formatNumber(value) : String(value)}`);
    }
  }
  return lines;
}
