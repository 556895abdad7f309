import { beforeEach } from 'vitest';
import { addEnglish, showLanguage } from '../../lib/i18n';
import { countsApart } from '../../lib/i18n/counts-apart';
import { SOURCE_LANGUAGE } from '../../lib/i18n/languages';
import { applyLanguageChoice } from '../../lib/i18n/runtime';
import { followLanguage } from '../../lib/locale';
import { compileCatalogue, readCatalogue } from '../../scripts/i18n/catalogues';

// Every unit test reads the English texts, as each bundle carries its own (lib/i18n/parts.ts), and
// as the build compiles them (a plural's count apart, lib/i18n/counts-apart.ts).
addEnglish(countsApart(compileCatalogue(readCatalogue('en'))));
// Files of one worker share their modules (isolate: false in vitest.config.ts): a file that started
// the worker under a German LANG leaves German shown, so every file starts in English again.
followLanguage(undefined);
showLanguage(SOURCE_LANGUAGE);
// And every test: a language a test showed, or one an answer it left waiting applied after it
// ended, is not the next test's (a number formatted in German where English was expected).
// An apply of a stored choice still waiting on its catalogue is made the older one, so it shows
// nothing when it answers (lib/i18n/runtime.ts: the last choice wins).
beforeEach(async () => {
  await applyLanguageChoice({
    readChoice: async () => SOURCE_LANGUAGE,
    fetchCatalogue: async () => ({}),
    preferred: () => [SOURCE_LANGUAGE],
  });
  followLanguage(undefined);
  showLanguage(SOURCE_LANGUAGE);
});
