import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The oldest Chrome and Firefox that run a build, measured from what its shipped files use:
 * each row is a browser API, language built-in, HTML or CSS feature, or manifest key, with the
 * first version of each browser that has it (MDN's compatibility data and the Chrome extension
 * reference). A use guarded by feature detection counts too: the measure errs towards newer.
 * A feature the build does not use costs nothing; a new one in the code must get its row here.
 */
export interface Feature {
  name: string;
  pattern: RegExp;
  chrome: number | null;
  firefox: number | null;
}

export const FEATURES: readonly Feature[] = [
  // Syntax: Vite's default build target ('baseline-widely-available') writes for these.
  { name: 'build target (chrome111, firefox114)', pattern: /[\s\S]/, chrome: 111, firefox: 114 },
  // Extension APIs.
  { name: 'sidePanel.open', pattern: /sidePanel\.open\(/, chrome: 116, firefox: null },
  { name: 'sidePanel', pattern: /"side_panel"|sidePanel\./, chrome: 114, firefox: null },
  { name: 'storage.session', pattern: /storage\.session\b/, chrome: 102, firefox: 115 },
  { name: 'scripting.registerContentScripts', pattern: /registerContentScripts\(/, chrome: 96, firefox: 105 },
  { name: 'scripting.executeScript', pattern: /executeScript\(/, chrome: 88, firefox: 102 },
  { name: 'commands.openShortcutSettings', pattern: /openShortcutSettings\(/, chrome: null, firefox: 137 },
  {
    name: 'data_collection_permissions (140 desktop, 142 Android)',
    pattern: /"data_collection_permissions"/,
    chrome: null,
    firefox: 142,
  },
  // JavaScript built-ins.
  { name: 'URL.canParse', pattern: /URL\.canParse\(/, chrome: 120, firefox: 115 },
  { name: 'AbortSignal.any', pattern: /AbortSignal\.any\(/, chrome: 116, firefox: 124 },
  { name: 'AbortSignal.timeout', pattern: /AbortSignal\.timeout\(/, chrome: 103, firefox: 100 },
  { name: 'structuredClone', pattern: /\bstructuredClone\(/, chrome: 98, firefox: 94 },
  { name: 'Array findLast', pattern: /\.findLast(?:Index)?\(/, chrome: 97, firefox: 104 },
  { name: 'Array toSorted and friends', pattern: /\.(?:toSorted|toReversed|toSpliced)\(/, chrome: 110, firefox: 115 },
  { name: 'Object.groupBy, Map.groupBy', pattern: /\b(?:Object|Map)\.groupBy\(/, chrome: 117, firefox: 119 },
  { name: 'Promise.withResolvers', pattern: /Promise\.withResolvers\(/, chrome: 119, firefox: 121 },
  { name: 'Array.fromAsync', pattern: /Array\.fromAsync\(/, chrome: 121, firefox: 115 },
  {
    name: 'Set methods',
    pattern: /\.(?:union|intersection|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/,
    chrome: 122,
    firefox: 127,
  },
  { name: 'Intl.Segmenter', pattern: /Intl\.Segmenter\b/, chrome: 87, firefox: 125 },
  // HTML and CSS.
  { name: 'popover', pattern: /\bpopoverTarget\b|\bpopover=/, chrome: 114, firefox: 125 },
  { name: 'CSS :has()', pattern: /:has\(/, chrome: 105, firefox: 121 },
  { name: 'CSS color-mix()', pattern: /color-mix\(/, chrome: 111, firefox: 113 },
  { name: 'CSS light-dark()', pattern: /light-dark\(/, chrome: 123, firefox: 120 },
  { name: 'CSS @starting-style', pattern: /@starting-style/, chrome: 117, firefox: 129 },
  { name: 'inert', pattern: /\binert\b/, chrome: 102, firefox: 112 },
];

export interface Minimums {
  chrome: number;
  firefox: number;
  /** The features found, each with the files that use it. */
  found: { feature: Feature; files: string[] }[];
}

function shippedFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return shippedFiles(full);
    return /\.(js|css|html|json)$/.test(name) ? [full] : [];
  });
}

/** Reads a build's files and finds the newest first version each browser needs. */
export function measureMinimums(buildDir: string, features: readonly Feature[] = FEATURES): Minimums {
  const files = shippedFiles(buildDir).map((file) => ({
    file: path.relative(buildDir, file),
    text: readFileSync(file, 'utf8'),
  }));
  const found = features
    .map((feature) => ({
      feature,
      files: files.filter(({ text }) => feature.pattern.test(text)).map(({ file }) => file),
    }))
    .filter(({ files }) => files.length > 0);
  const newest = (browser: 'chrome' | 'firefox') => Math.max(0, ...found.map(({ feature }) => feature[browser] ?? 0));
  return { chrome: newest('chrome'), firefox: newest('firefox'), found };
}
