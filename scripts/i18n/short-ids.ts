import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A built extension names each message by a short id of one or two characters instead of its
 * dotted name ("api.similar.tabClosed"): every bundle carries the names of the messages it shows
 * (its English, and each `t()` call's argument), and the worker alone carried 183 of them, 1.1 KB
 * of its 65.7 KB budget (docs/performance.md). The ids are the English catalogue's names in sorted
 * order, counted in base 62: the pages, the worker and the shipped catalogues of one build agree,
 * and nothing keeps an id from one build to the next (no message id is stored). Unit tests and the
 * development server keep the names.
 */

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function base62(value: number): string {
  let text = '';
  let rest = value;
  do {
    text = DIGITS[rest % DIGITS.length] + text;
    rest = Math.floor(rest / DIGITS.length);
  } while (rest > 0);
  return text;
}

/** Each message name of the catalogue at `file` to its short id. */
export function shortIds(file: string): Map<string, string> {
  const names = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>).sort();
  return new Map(names.map((name, index) => [name, base62(index)]));
}

/** A catalogue keyed by names, keyed by short ids; a name the map does not know fails the build. */
export function shortened<T>(messages: Record<string, T>, ids: ReadonlyMap<string, string>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(messages).map(([name, message]) => {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`No short id for the message ${name}: it is not in the English catalogue.`);
      return [id, message];
    }),
  );
}

/** A quoted string in a module's code that may be a message's name: `'api.similar.tabClosed'`. */
const QUOTED_NAME = /(['"`])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)\1/g;

/** Replaces, in the code of the app's own modules, each quoted string that is a message's name by its short id. */
export function shortenNames(code: string, ids: ReadonlyMap<string, string>): string {
  return code.replace(QUOTED_NAME, (whole, quote: string, name: string) => {
    const id = ids.get(name);
    return id === undefined ? whole : `${quote}${id}${quote}`;
  });
}

/** The app's own modules (not a package's, not a virtual module): where message names are written. */
export function isAppModule(id: string, root: string): boolean {
  const file = id.split('?')[0] ?? id;
  return (
    !file.startsWith('\0') &&
    file.startsWith(root) &&
    !file.includes(`${path.sep}node_modules${path.sep}`) &&
    /\.(ts|tsx)$/.test(file)
  );
}

/** The build's step: each app module's message names replaced by their short ids (production, e2e and bench builds). */
export function shortMessageIds(catalogue: string, root: string): Plugin {
  let ids: Map<string, string> | null = null;
  return {
    name: 'adscope-short-message-ids',
    apply: 'build',
    buildStart() {
      ids = shortIds(catalogue);
    },
    transform(code, id) {
      if (!ids || !isAppModule(id, root)) return null;
      const changed = shortenNames(code, ids);
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
