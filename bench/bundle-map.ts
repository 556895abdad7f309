import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

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

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const dir = path.resolve(process.argv[2] ?? '.output/map/chrome-mv3');
  const files = [
    path.join(dir, 'background.js'),
    ...readdirSync(path.join(dir, 'chunks'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join(dir, 'chunks', f)),
  ];
  for (const file of files) {
    const parts = bundleParts(file);
    const total = parts.reduce((sum, part) => sum + part.gzipKb, 0);
    if (total < 3) continue;
    console.log(`\n${path.relative(dir, file)}: ${total.toFixed(1)} KB gzip`);
    for (const part of parts.slice(0, 14))
      console.log(`  ${part.group.padEnd(44)} ${part.gzipKb.toFixed(1).padStart(6)} KB`);
  }
}
