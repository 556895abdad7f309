import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  BellDot,
  Bookmark,
  BookmarkPlus,
  Eye,
  Building2,
  ChartColumn,
  LayoutGrid,
  type LucideIcon,
  ScanSearch,
  Search,
  Store,
  WandSparkles,
} from 'lucide-react';
import { ICON_NAMES, type IconName } from '../components/ui/icons';

/** The one icon set, lucide: which icon stands for each name the pages use. */
const LUCIDE: Record<IconName, LucideIcon> = {
  search: Search,
  boards: LayoutGrid,
  accounts: ChartColumn,
  generate: WandSparkles,
  brands: Store,
  saved: Bookmark,
  similar: ScanSearch,
  workspace: Building2,
  save: BookmarkPlus,
  new: BellDot,
  watch: Eye,
};

/** An SVG as a CSS url(): quotes and the few characters a data URL must escape. */
function dataUrl(svg: string): string {
  const escaped = svg.replace(/"/g, "'").replace(/[<>#%{}]/g, (char) => encodeURIComponent(char));
  return `url("data:image/svg+xml,${escaped}")`;
}

/** Icon cells in the sprite: 24 units wide, 8 apart, so no stroke reaches a neighbour. */
const CELL = 24;
const STRIDE = 32;

/**
 * assets/styles/icons.css: every icon in one SVG sprite, and one class per icon saying where its
 * cell is. The sprite is a single image for the browser: each distinct SVG in CSS costs a
 * document of its own (about 2 ms each at a page's first style), one sprite costs that once.
 * The `.icon::before` rule draws the icon's cell as the mask of the element's `::before`, in
 * the current colour, so an icon adds no DOM node at all (a long list of cards stays light).
 */
export function iconsCss(): string {
  const cells = ICON_NAMES.map((name, index) => {
    const svg = renderToStaticMarkup(createElement(LUCIDE[name], { size: 24, color: '#000', strokeWidth: 2 }));
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1] ?? '';
    return `<g transform='translate(${index * STRIDE} 0)'>${inner}</g>`;
  });
  const width = (ICON_NAMES.length - 1) * STRIDE + CELL;
  const sprite =
    `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${CELL}' viewBox='0 0 ${width} ${CELL}' ` +
    `fill='none' stroke='#000' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${cells.join('')}</svg>`;
  // With the sprite sized to the box's height, cell i sits at i / (n - 1) of the free width:
  // (n - 1) strides is exactly the sprite's width less one cell.
  const rules = ICON_NAMES.map(
    (name, index) =>
      `.icon-${name} {\n  --icon-at: ${ICON_NAMES.length > 1 ? +((index / (ICON_NAMES.length - 1)) * 100).toFixed(4) : 0}%;\n}`,
  );
  return [
    '/* Derived from lucide by `npm run derive:icons` (scripts/derived-icons.ts): do not edit. */',
    '.icon::before {',
    `  mask-image: ${dataUrl(sprite)};`,
    `  mask-size: ${+((width / CELL) * 100).toFixed(4)}% 100%;`,
    '  mask-position: var(--icon-at) 0;',
    '  mask-repeat: no-repeat;',
    '}',
    ...rules,
    '',
  ].join('\n');
}
