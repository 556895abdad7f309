import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { firstLoadFiles } from './sizes';

/**
 * What a bundle is made of: its minified bytes attributed to the sources its map names, grouped
 * by package (node_modules/<name>) or by the app's own folder, with each group's share of the
 * bundle's gzip size (gzip is not additive, so a group's figure is its share of the whole).
 */
export interface BundlePart {
  group: string;
  bytes: number;
  gzipKb: number;
}

function groupOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? source);
  }
  const parts = source.replace(/^(\.\.\/)+/, '').split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.join('/');
}

export function bundleParts(file: string): BundlePart[] {
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap;
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  const owner = new Array<string | null>(code.length).fill(null);
  let previous: { at: number; source: string | null } | null = null;
  consumer.eachMapping((mapping) => {
    const at = (lineStarts[mapping.generatedLine - 1] ?? 0) + mapping.generatedColumn;
    if (previous) for (let i = previous.at; i < at; i += 1) owner[i] = previous.source;
    previous = { at, source: mapping.source ?? null };
  });
  if (previous)
    for (let i = (previous as { at: number }).at; i < code.length; i += 1)
      owner[i] = (previous as { source: string | null }).source;
  const bytes = new Map<string, number>();
  for (const source of owner) {
    const group = source === null ? '(glue)' : groupOf(source);
    bytes.set(group, (bytes.get(group) ?? 0) + 1);
  }
  const gzipTotal = gzipSync(code).length / 1024;
  return [...bytes]
    .map(([group, count]) => ({ group, bytes: count, gzipKb: (gzipTotal * count) / code.length }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** What each entry loads at once, by group: the parts of its files summed (a file without a map is one part). */
export function entryParts(dir: string, files: string[]): BundlePart[] {
  const sums = new Map<string, BundlePart>();
  for (const file of files) {
    const parts = existsSync(`${file}.map`)
      ? bundleParts(file)
      : [
          {
            group: file.endsWith('.css') ? '(styles)' : `(${path.basename(file)})`,
            bytes: statSync(file).size,
            gzipKb: gzipSync(readFileSync(file)).length / 1024,
          },
        ];
    for (const part of parts) {
      const sum = sums.get(part.group) ?? { group: part.group, bytes: 0, gzipKb: 0 };
      sum.bytes += part.bytes;
      sum.gzipKb += part.gzipKb;
      sums.set(part.group, sum);
    }
  }
  return [...sums.values()].sort((a, b) => b.gzipKb - a.gzipKb);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const dir = path.resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '.output/map/chrome-mv3');
  const entries: [string, string[]][] = [
    ['background', [path.join(dir, 'background.js')]],
    ['side panel first load', firstLoadFiles(dir, 'sidepanel.html')],
    ['popup', firstLoadFiles(dir, 'popup.html')],
    ['options', firstLoadFiles(dir, 'options.html')],
  ];
  for (const [name, files] of entries) {
    const parts = entryParts(dir, files);
    const total = parts.reduce((sum, part) => sum + part.gzipKb, 0);
    console.log(`\n${name}: ${total.toFixed(1)} KB gzip in ${files.length} files`);
    for (const part of parts.filter((p) => p.gzipKb >= 0.3))
      console.log(`  ${part.group.padEnd(44)} ${part.gzipKb.toFixed(1).padStart(6)} KB`);
  }
  if (process.argv.includes('--chunks')) {
    const chunks = readdirSync(path.join(dir, 'chunks'))
      .filter((f) => f.endsWith('.js') && existsSync(path.join(dir, 'chunks', `${f}.map`)))
      .map((f) => path.join(dir, 'chunks', f));
    for (const file of chunks) {
      const parts = bundleParts(file);
      const total = parts.reduce((sum, part) => sum + part.gzipKb, 0);
      if (total < 3) continue;
      console.log(`\n${path.relative(dir, file)}: ${total.toFixed(1)} KB gzip`);
      for (const part of parts.slice(0, 14))
        console.log(`  ${part.group.padEnd(44)} ${part.gzipKb.toFixed(1).padStart(6)} KB`);
    }
  }
}
