import { type GenerationChoice, OUTPUT_LANGUAGES } from './generation-fields';
import { checkWords } from './words';

/**
 * Checks of what the contract leaves unnamed. Where a parameter's name is not shown, the
 * service may not read ours; these look at the answer to tell whether it did, so nothing
 * silently wrong is shown.
 */

/**
 * Whether ranked rows came in the asked order of `metric` (4.4: the sort direction's name is
 * not shown). Rows without a value sort last either way and are not compared. True when the
 * rows cannot tell (fewer than two values).
 */
export function rankingOrderHonoured(
  rows: readonly { metrics: Record<string, number | null> }[],
  metric: string,
  order: 'asc' | 'desc',
): boolean {
  const values = rows.map((row) => row.metrics[metric]).filter((value): value is number => typeof value === 'number');
  for (let index = 1; index < values.length; index += 1) {
    const previous = values[index - 1] as number;
    const current = values[index] as number;
    if (order === 'desc' ? current > previous : current < previous) return false;
  }
  return true;
}

/**
 * The order the rows are in, by one metric: the one asked when the service honoured it, the
 * other one when the rows came that way instead, or null when they follow neither (the service's
 * own order). Equal and missing values fit either.
 */
export function shownRanking(
  rows: readonly { metrics: Record<string, number | null> }[],
  metric: string,
  asked: 'asc' | 'desc',
): 'asc' | 'desc' | null {
  if (rankingOrderHonoured(rows, metric, asked)) return asked;
  const other = asked === 'desc' ? 'asc' : 'desc';
  return rankingOrderHonoured(rows, metric, other) ? other : null;
}

/**
 * What a generation record says it made, against what was asked (4.16: the optional fields'
 * names are not shown). Only what the record states is compared; a record that says nothing
 * proves nothing. Returns a sentence for the user, or null.
 */
export function generationMismatch(
  choice: Pick<GenerationChoice, 'aspect_ratio' | 'output_language'>,
  record: { aspect_ratio?: string | undefined; output_language?: string | undefined },
): string | null {
  const askedRatio = choice.aspect_ratio ?? '1:1';
  const ratio = record.aspect_ratio !== undefined && record.aspect_ratio !== askedRatio ? record.aspect_ratio : null;
  const askedLanguage = choice.output_language ?? 'en';
  const said = record.output_language?.toLowerCase();
  // Only a language code can be compared: a service may name its language field alike but mean something else.
  const language =
    said !== undefined && (OUTPUT_LANGUAGES as readonly string[]).includes(said) && said !== askedLanguage
      ? said
      : null;
  if (ratio !== null && language !== null) {
    return checkWords('checks.mismatch.both', { ratio, askedRatio, language, askedLanguage });
  }
  if (ratio !== null) return checkWords('checks.mismatch.ratio', { ratio, askedRatio });
  if (language !== null) return checkWords('checks.mismatch.language', { language, askedLanguage });
  return null;
}
