/**
 * Why a creative could not be fetched or kept, in the language shown: the report, the board's
 * download, Check links and what the vault kept all say it alike. The worker keeps only the
 * failure (lib/media.ts's MediaFailure), never its words.
 */
import { t } from '@/lib/i18n';
import type { MediaFailure } from '@/lib/media';
import { formatNumber } from './format';
import 'virtual:adscope-english/media';

/** A failure in a few words: "did not answer in 20 s", "HTTP 403", "nicht erreichbar…". */
export function failureText(failure: MediaFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return t('media.failure', { kind: 'timeout', seconds: formatNumber(Math.round(failure.ms / 1000)) });
    case 'http':
      return t('media.failure', { kind: 'http', status: String(failure.status) });
    case 'too-large':
      return t('media.failure', {
        kind: 'tooLarge',
        megabytes: formatNumber(Math.round(failure.maxBytes / 1_048_576)),
      });
    case 'not-image':
      return t('media.failure', { kind: 'notImage' });
    case 'not-web':
      return t('media.failure', { kind: 'notWeb' });
    default:
      return t('media.failure', { kind: failure.kind });
  }
}

/** Each reason once with its count, most frequent first: "1 did not answer in 20 s, 1 HTTP 403". */
export function reasonList(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => t('media.reasonCount', { count: formatNumber(count), reason }))
    .join(t('media.separator'));
}

/** "2 creatives could not be fetched: 1 did not answer in 20 s, 1 HTTP 403"; null when none failed. */
export function failureSummary(reasons: readonly string[]): string | null {
  return reasons.length === 0
    ? null
    : t('media.failedSummary', { count: reasons.length, reasons: reasonList(reasons) });
}
