import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Product illustrations for the demo creatives: icons of the lucide set (ISC licence, the
 * `lucide-react` package the project already pins), read from the package's own files, never
 * drawn here. Each icon's shapes are read once, on first use, and kept.
 */

const require = createRequire(import.meta.url);
const cache = new Map<string, string>();

/** The SVG elements of lucide's icon `name` on its 24 × 24 grid, without the `<svg>` around them. */
export function iconShapes(name: string): string {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  if (!/^[a-z0-9-]+$/.test(name)) throw new RangeError(`not an icon name: ${name}`);
  const source = readFileSync(require.resolve(`lucide-react/icons/${name}`), 'utf8');
  // A renamed icon's file re-exports the icon under its new name.
  const alias = /export \{ default \} from '\.\/([a-z0-9-]+)\.mjs'/.exec(source);
  if (alias?.[1] && alias[1] !== name) {
    const shapes = iconShapes(alias[1]);
    cache.set(name, shapes);
    return shapes;
  }
  const node = source.slice(source.indexOf('node:'));
  const shapes: string[] = [];
  for (const element of node.matchAll(/\[\s*"([a-z]+)",\s*\{([^}]*)\}\s*\]/g)) {
    const attributes = [...(element[2] ?? '').matchAll(/([a-zA-Z0-9]+):\s*"([^"]*)"/g)]
      .filter((attribute) => attribute[1] !== 'key')
      .map((attribute) => `${attribute[1]}="${attribute[2]}"`)
      .join(' ');
    shapes.push(`<${element[1]} ${attributes}/>`);
  }
  if (shapes.length === 0) throw new RangeError(`lucide's ${name} has no shapes`);
  const joined = shapes.join('');
  cache.set(name, joined);
  return joined;
}

/** Whether lucide has an icon of that name. */
export function hasIcon(name: string): boolean {
  try {
    iconShapes(name);
    return true;
  } catch {
    return false;
  }
}
