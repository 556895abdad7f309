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

/**
 * assets/styles/icons.css: one class per icon, setting `--icon` to the icon's SVG. The base rule
 * in base.css draws it as the mask of its element's `::before` in the current colour, so an
 * icon adds no DOM node at all (a long list of cards stays light).
 */
export function iconsCss(): string {
  const rules = ICON_NAMES.map((name) => {
    const svg = renderToStaticMarkup(createElement(LUCIDE[name], { size: 24, color: '#000', strokeWidth: 2 }))
      // What only an inline icon needs.
      .replace(/ (class|aria-hidden)="[^"]*"/g, '');
    return `.icon-${name} {\n  --icon: ${dataUrl(svg)};\n}`;
  });
  return `/* Derived from lucide by \`npm run derive:icons\` (scripts/derived-icons.ts): do not edit. */\n${rules.join('\n')}\n`;
}
