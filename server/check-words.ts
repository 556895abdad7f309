import { setupI18n } from '@lingui/core';
import { checksSpoken, sayChecksWith } from '../lib/contract/words';
import { englishArea } from '../scripts/i18n/catalogues';

/**
 * The reference server answers a broken contract rule in English, the words of the catalogue's
 * `checks` area. Where the build already made the checks speak (the unit tests share the
 * extension's modules), they keep the language shown.
 */
if (!checksSpoken()) {
  const english = setupI18n({ locale: 'en', messages: { en: englishArea('checks') } });
  sayChecksWith((id, values) => english._(id, values));
}
