import { addEnglish, showLanguage } from '../../lib/i18n';
import { SOURCE_LANGUAGE } from '../../lib/i18n/languages';
import { followLanguage } from '../../lib/locale';
import { compileCatalogue, readCatalogue } from '../../scripts/i18n/catalogues';

// Every unit test reads the English texts, as each bundle carries its own (lib/i18n/parts.ts).
addEnglish(compileCatalogue(readCatalogue('en')));
// Files of one worker share their modules (isolate: false in vitest.config.ts): a file that started
// the worker under a German LANG leaves German shown, so every file starts in English again.
showLanguage(SOURCE_LANGUAGE);
followLanguage(undefined);
