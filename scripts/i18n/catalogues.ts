import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { countsApart } from '../../lib/i18n/counts-apart.ts';
import type { Plugin } from 'vite';
import { areaOf, DEMO_AREAS } from '../../lib/i18n/parts.ts';
import { cataloguePath, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '../../lib/i18n/languages.ts';
import { pseudoMessage } from './pseudo.ts';
import { shortened, shortIds } from './short-ids.ts';

/** Where the catalogues live: one ICU MessageFormat file per language, `id: message`. */
export const CATALOGUE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../lib/i18n/catalogues');

/** A compiled message as @lingui/core reads it: text, and arrays for placeholders, plurals and selects. */
export type CompiledMessage = ReturnType<typeof compileMessageOrThrow>;
export type CompiledCatalogue = Record<string, CompiledMessage>;

/** The tags that have a catalogue file, English first. */
export function catalogueLanguages(dir = CATALOGUE_DIR): string[] {
  const tags = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
  return [SOURCE_LANGUAGE, ...tags.filter((tag) => tag !== SOURCE_LANGUAGE).sort()];
}

/** One language's catalogue as written: ids to ICU messages. */
export function readCatalogue(language: string, dir = CATALOGUE_DIR): Record<string, string> {
  const parsed: unknown = JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${language}.json must be one object of ids to messages.`);
  for (const [id, message] of Object.entries(parsed)) {
    if (typeof message !== 'string') throw new Error(`${language}.json: ${id} is not a string.`);
  }
  return parsed as Record<string, string>;
}

/** Compiles every message; a message that does not parse fails the build with its id. */
export function compileCatalogue(
  messages: Record<string, string>,
  mapText?: (text: string) => string,
): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = compileMessageOrThrow(message, mapText);
    } catch (error) {
      throw new Error(`${id}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return compiled;
}

/** Whether a build ships a message: the demo's (`demo.*`) only in development, e2e and bench builds. */
function shipsIn(mode: string): (entry: [string, string]) => boolean {
  return ([id]) => mode !== 'production' || !DEMO_AREAS.includes(areaOf(id));
}

/** The English messages of one area. */
export function englishArea(area: string, mode = 'development', dir = CATALOGUE_DIR): CompiledCatalogue {
  const english = Object.entries(readCatalogue(SOURCE_LANGUAGE, dir)).filter(shipsIn(mode));
  return compileCatalogue(Object.fromEntries(english.filter(([id]) => areaOf(id) === area)));
}

/** The areas of the English catalogue. */
export function catalogueAreas(dir = CATALOGUE_DIR): string[] {
  return [...new Set(Object.keys(readCatalogue(SOURCE_LANGUAGE, dir)).map(areaOf))].sort();
}

/** A whole language compiled, as pages and the worker fetch it; the pseudo-language is made from English. */
export function compiledLanguage(language: string, mode = 'development', dir = CATALOGUE_DIR): CompiledCatalogue {
  if (language === PSEUDO_LANGUAGE) {
    const english = Object.entries(readCatalogue(SOURCE_LANGUAGE, dir)).filter(shipsIn(mode));
    return Object.fromEntries(english.map(([id, message]) => [id, pseudoMessage(message)]));
  }
  return compileCatalogue(Object.fromEntries(Object.entries(readCatalogue(language, dir)).filter(shipsIn(mode))));
}

/**
 * The catalogues a build ships beside its bundles, compiled: every language but English (which
 * each bundle carries), and the pseudo-language in every build but production's.
 */
export function catalogueFiles(
  mode: string,
  dir = CATALOGUE_DIR,
  { short = false }: { short?: boolean } = {},
): { relativeDest: string; contents: string }[] {
  const languages = catalogueLanguages(dir).filter((language) => language !== SOURCE_LANGUAGE);
  if (mode !== 'production') languages.push(PSEUDO_LANGUAGE);
  const ids = short ? shortIds(path.join(dir, `${SOURCE_LANGUAGE}.json`)) : null;
  return languages.map((language) => {
    const messages = countsApart(compiledLanguage(language, mode, dir));
    return {
      relativeDest: cataloguePath(language),
      contents: JSON.stringify(ids ? shortened(messages, ids) : messages),
    };
  });
}

const ENGLISH_MODULE = 'virtual:adscope-english/';

/** The contract's one link to words (lib/contract/words.ts): plain Node (the reference server) reads it unbuilt. */
const CONTRACT_WORDS = /[\\/]lib[\\/]contract[\\/]words\.ts$/;

/**
 * What the build appends to lib/contract/words.ts: the shown language's `t()` speaks the checks,
 * and the `checks` area's English follows at once, imported dynamically: the contract's helpers
 * (ids, days, limits) are in every page's first load, its sentences are needed only when a check
 * fails, in a form of a lazy place. The worker, which cannot import(), carries them statically
 * (lib/background/parse-input.ts), and this import resolves to that copy.
 */
export function contractWordsTail(dir = CATALOGUE_DIR): string {
  const runtime = JSON.stringify(path.join(dir, '../index.ts'));
  return `\nimport { t as __adscopeT } from ${runtime};\nsayChecksWith(__adscopeT);\nvoid import('${ENGLISH_MODULE}checks');\n`;
}

/**
 * `import 'virtual:adscope-english/popup'`: an area's English messages, compiled at build time (no
 * ICU parser ships) and added to the messages where the importing module is: English travels in
 * the chunk that shows it.
 */
export function englishCatalogues(dir = CATALOGUE_DIR): Plugin {
  let mode = 'development';
  // A build names the messages by their short ids (scripts/i18n/short-ids.ts); tests and the dev server by name.
  let ids: Map<string, string> | null = null;
  return {
    name: 'adscope-english-catalogues',
    configResolved: (config) => {
      mode = config.mode;
      ids = config.command === 'build' ? shortIds(path.join(dir, `${SOURCE_LANGUAGE}.json`)) : null;
    },
    resolveId: (id) => (id.startsWith(ENGLISH_MODULE) ? `\0${id}` : null),
    transform(code, id) {
      return CONTRACT_WORDS.test(id.split('?')[0] ?? id)
        ? { code: `${code}${contractWordsTail(dir)}`, map: null }
        : null;
    },

    load(id) {
      if (!id.startsWith(`\0${ENGLISH_MODULE}`)) return null;
      const area = id.slice(ENGLISH_MODULE.length + 1);
      if (!catalogueAreas(dir).includes(area)) throw new Error(`No area ${area} in the English catalogue.`);
      this.addWatchFile(path.join(dir, `${SOURCE_LANGUAGE}.json`));
      const runtime = JSON.stringify(path.join(dir, '../index.ts'));
      const messages = countsApart(englishArea(area, mode, dir));
      return `import { addEnglish } from ${runtime};\naddEnglish(${JSON.stringify(ids ? shortened(messages, ids) : messages)});\n`;
    },
  };
}
