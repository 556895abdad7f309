import { addEnglish } from '../../lib/i18n';
import { compileCatalogue, readCatalogue } from '../../scripts/i18n/catalogues';

// Every unit test reads the English texts, as each bundle carries its own (lib/i18n/parts.ts).
addEnglish(compileCatalogue(readCatalogue('en')));
