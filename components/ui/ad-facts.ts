/**
 * An ad's facts the service gives as codes, in the language shown: its format and its call to
 * action. The UI kit's, as every view and the report name them; the codes a catalogue does not
 * name stay the service's own words (codeWords). Languages are named by languageName (format.ts).
 */
import { t } from '@/lib/i18n';
import { codeWords } from './format';
import 'virtual:adscope-english/ads';

/** A code as a select's case: lower case, as the messages name them (`shop_now`). */
const caseOf = (value: string) => value.trim().toLowerCase();

/**
 * An ad's format in the language shown ("Video", "Karussell"); one the catalogue does not name in
 * the service's own word ("Collection" for COLLECTION). Null when the ad gives none.
 */
export function formatWords(value: string | null | undefined): string | null {
  const fallback = codeWords(value);
  return value && fallback ? t('ads.format.name', { format: caseOf(value), fallback }) : null;
}

/**
 * An ad's call to action in the language shown, as the platform words its button (SHOP_NOW:
 * "Shop now", "Jetzt einkaufen"); one the catalogue does not name in the service's own words.
 * Null when the ad gives none.
 */
export function ctaWords(value: string | null | undefined): string | null {
  const fallback = codeWords(value);
  return value && fallback ? t('ads.cta.name', { cta: caseOf(value), fallback }) : null;
}
