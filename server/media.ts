/**
 * Demo media as generated SVG, nothing fetched from the internet: logos from a brand's palette
 * and mark, and ad creatives composed per format and aspect ratio from the brand's palette and
 * mark, a product illustration (server/illustrations.ts), the headline, an offer badge where the
 * copy has one, and a call-to-action button. The same ad always draws the same picture; the
 * versions of one idea share a layout and change only what the version changes.
 */
import { hsl } from './demo-data/catalogue';
import { iconShapes } from './illustrations';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hue(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** A palette for a name with none of its own (an owned brand without colours). */
export function paletteOf(seed: string): [string, string, string] {
  const h = hue(seed);
  return [hsl(h, 50, 26), hsl((h + 150) % 360, 75, 58), hsl(h, 40, 95)];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const FONT = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif"';

/** Lines of at most `width` characters, at most `max` of them (the last one cut with an ellipsis). */
function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${(kept[max - 1] ?? '').slice(0, Math.max(1, width - 1))}…`;
    return kept;
  }
  return lines;
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  fill: string,
  options: { weight?: number; anchor?: 'start' | 'middle'; leading?: number } = {},
): string {
  const leading = options.leading ?? 1.18;
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${Math.round(y + i * size * leading)}" ${FONT} font-size="${size}" font-weight="${options.weight ?? 700}" fill="${fill}"${options.anchor === 'middle' ? ' text-anchor="middle"' : ''}>${escapeXml(line)}</text>`,
    )
    .join('');
}

/** An icon of the lucide set, stroked, its 24-unit grid scaled to `size` at (x, y). */
function illustration(icon: string, x: number, y: number, size: number, stroke: string, width = 1.6): string {
  return `<g transform="translate(${x} ${y}) scale(${(size / 24).toFixed(3)})" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round">${iconShapes(icon)}</g>`;
}

export interface BrandMark {
  name: string;
  palette: readonly [string, string, string];
  shape: 'circle' | 'rounded' | 'hexagon' | 'arch';
  glyph: 'initials' | 'icon';
  /** The niche's icon, for a mark whose glyph is an icon. */
  icon: string;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** A brand's mark at (x, y), `size` across: its shape in its dark colour, its initials or icon in its light one. */
function markShape(mark: BrandMark, x: number, y: number, size: number, fill?: string, ink?: string): string {
  const [dark, , light] = mark.palette;
  const bg = escapeXml(fill ?? dark);
  const fg = escapeXml(ink ?? light);
  const r = size / 2;
  const cx = x + r;
  const cy = y + r;
  let shape: string;
  switch (mark.shape) {
    case 'circle':
      shape = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${bg}"/>`;
      break;
    case 'hexagon': {
      const points = Array.from({ length: 6 }, (_, i) => {
        const angle = (Math.PI / 3) * i - Math.PI / 2;
        return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
      }).join(' ');
      shape = `<polygon points="${points}" fill="${bg}"/>`;
      break;
    }
    case 'arch':
      shape = `<path d="M${x} ${y + size}V${cy}a${r} ${r} 0 0 1 ${size} 0V${y + size}z" fill="${bg}"/>`;
      break;
    default:
      shape = `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.22}" fill="${bg}"/>`;
  }
  const glyph =
    mark.glyph === 'icon'
      ? illustration(mark.icon, x + size * 0.22, y + size * 0.24, size * 0.56, fg, 2)
      : `<text x="${cx}" y="${cy + size * 0.15}" ${FONT} font-size="${Math.round(size * 0.4)}" font-weight="800" fill="${fg}" text-anchor="middle">${escapeXml(initialsOf(mark.name))}</text>`;
  return shape + glyph;
}

/** A brand's logo: its mark, 128 px square. */
export function brandLogoSvg(mark: BrandMark): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(mark.name)} logo">${markShape(mark, 4, 4, 120)}</svg>`;
}

export const ASPECT_SIZES: Record<string, [number, number]> = {
  '1:1': [600, 600],
  '4:5': [600, 750],
  '9:16': [540, 960],
};

export interface CreativeInput {
  /** Aria label and seed of small variations. */
  label: string;
  aspect: '1:1' | '4:5' | '9:16';
  kind: 'feed' | 'story' | 'card' | 'product';
  layout: number;
  colorway: number;
  brand: BrandMark;
  headline: string;
  /** The product's illustration (a lucide icon name). */
  icon: string;
  /** The product's name and price, for carousel cards and product ads. */
  product?: { name: string; price: string | null };
  badge: string | null;
  cta: string | null;
  /** A carousel card's place: `2 of 4`. */
  pager?: { index: number; count: number };
}

/** The colours of a colour way: background, ink, accent, and the button's fill and label. */
function colours(palette: readonly [string, string, string], colorway: number) {
  const [dark, accent, light] = palette.map(escapeXml) as [string, string, string];
  if (colorway === 1) return { bg: dark, ink: light, soft: accent, button: accent, label: dark };
  if (colorway === 2) return { bg: accent, ink: dark, soft: light, button: dark, label: light };
  return { bg: light, ink: dark, soft: accent, button: dark, label: light };
}

function badgeShape(text: string, cx: number, cy: number, fill: string, ink: string): string {
  const r = Math.max(46, Math.min(70, text.length * 6));
  const lines = wrap(text, 10, 3);
  const size = lines.length > 1 ? 17 : 20;
  return `<g transform="rotate(-12 ${cx} ${cy})"><circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>${textLines(lines, cx, cy - ((lines.length - 1) * size * 1.1) / 2 + size * 0.35, size, ink, { weight: 800, anchor: 'middle', leading: 1.1 })}</g>`;
}

function button(label: string, x: number, y: number, fill: string, ink: string, size = 22): string {
  const width = Math.round(label.length * size * 0.6 + size * 2);
  const height = Math.round(size * 2.2);
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${height / 2}" fill="${fill}"/><text x="${x + width / 2}" y="${y + height / 2 + size * 0.36}" ${FONT} font-size="${size}" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(label)}</text>`;
}

/** An ad creative: a feed image (1:1, 4:5), a story or video poster (9:16), a carousel card or a product ad. */
export function creativeSvg(input: CreativeInput, options: { video?: boolean } = {}): string {
  const [width, height] = ASPECT_SIZES[input.aspect] ?? [600, 600];
  const c = colours(input.brand.palette, input.colorway);
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="${c.bg}"/>`];
  const pad = 36;
  // The brand's mark and name, top left, the mark in the button's colours so it stands out.
  parts.push(markShape(input.brand, pad, pad, 52, c.button, c.label));
  parts.push(
    `<text x="${pad + 66}" y="${pad + 34}" ${FONT} font-size="22" font-weight="700" fill="${c.ink}">${escapeXml(input.brand.name.slice(0, 32))}</text>`,
  );
  if (input.kind === 'card' || input.kind === 'product') {
    // One product a card: the illustration on a soft panel, its name and price, and the pager.
    const panel = height - 250;
    parts.push(
      `<rect x="${pad}" y="${pad + 76}" width="${width - 2 * pad}" height="${panel - 76}" rx="28" fill="${c.soft}" fill-opacity="0.22"/>`,
    );
    const size = Math.min(width - 2 * pad, panel - 76) * 0.62;
    parts.push(illustration(input.icon, (width - size) / 2, pad + 76 + (panel - 76 - size) / 2, size, c.ink, 1.3));
    parts.push(
      textLines(wrap(capitalise(input.product?.name ?? input.headline), 30, 2), pad, panel + 70, 30, c.ink, {
        weight: 800,
      }),
    );
    if (input.product?.price)
      parts.push(textLines([input.product.price], pad, panel + 150, 28, c.ink, { weight: 500 }));
    if (input.cta)
      parts.push(
        button(
          input.cta,
          width - pad - Math.round(input.cta.length * 12 + 40),
          height - pad - 48,
          c.button,
          c.label,
          20,
        ),
      );
    if (input.pager) {
      for (let i = 0; i < input.pager.count; i += 1)
        parts.push(
          `<circle cx="${width / 2 - (input.pager.count - 1) * 9 + i * 18}" cy="${height - 16}" r="5" fill="${c.ink}" fill-opacity="${i === input.pager.index ? 1 : 0.3}"/>`,
        );
    }
    if (input.badge) parts.push(badgeShape(input.badge, width - pad - 50, pad + 130, c.button, c.label));
  } else {
    const story = input.aspect === '9:16';
    const headlineSize = story ? 50 : input.aspect === '4:5' ? 46 : 42;
    const perLine = Math.floor((width - 2 * pad) / (headlineSize * 0.56));
    const headline = wrap(input.headline, perLine, 3);
    const art = story ? 270 : input.aspect === '4:5' ? 280 : 230;
    if (input.layout === 1) {
      // Headline first, the product below it on a soft disc.
      parts.push(textLines(headline, pad, pad + 140, headlineSize, c.ink));
      const top = pad + 140 + headline.length * headlineSize * 1.18;
      const cy = top + (height - top - 120) / 2;
      parts.push(`<circle cx="${width / 2}" cy="${cy}" r="${art * 0.72}" fill="${c.soft}" fill-opacity="0.3"/>`);
      parts.push(illustration(input.icon, width / 2 - art / 2, cy - art / 2, art, c.ink, 1.4));
    } else if (input.layout === 2 && !story) {
      // The product large on a coloured band across the middle, the headline under it.
      const band = Math.round(height * 0.46);
      parts.push(`<rect y="${pad + 88}" width="${width}" height="${band}" fill="${c.soft}" fill-opacity="0.35"/>`);
      parts.push(illustration(input.icon, width / 2 - art / 2, pad + 88 + (band - art) / 2, art, c.ink, 1.4));
      parts.push(textLines(headline, pad, pad + 88 + band + headlineSize + 24, headlineSize, c.ink));
    } else {
      // The product off-centre on a large disc, the headline at the foot.
      parts.push(
        `<circle cx="${width * 0.62}" cy="${height * 0.42}" r="${art * 0.85}" fill="${c.soft}" fill-opacity="0.28"/>`,
      );
      parts.push(illustration(input.icon, width * 0.62 - art / 2, height * 0.42 - art / 2, art, c.ink, 1.4));
      parts.push(
        textLines(headline, pad, height - 150 - (headline.length - 1) * headlineSize * 1.18, headlineSize, c.ink),
      );
    }
    if (input.cta) parts.push(button(input.cta, pad, height - pad - 50, c.button, c.label));
    // Beside the product: top right, or bottom right where the headline takes the top.
    const badgeY = input.layout === 1 ? height - pad - 90 : pad + 140;
    if (input.badge) parts.push(badgeShape(input.badge, width - pad - 60, badgeY, c.button, c.label));
  }
  if (options.video) {
    const r = Math.min(width, height) / 10;
    parts.push(
      `<circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#000" fill-opacity="0.55"/><path d="M${width / 2 - r * 0.35} ${height / 2 - r * 0.5}L${width / 2 + r * 0.55} ${height / 2}L${width / 2 - r * 0.35} ${height / 2 + r * 0.5}Z" fill="#fff"/>`,
      `<rect x="${pad}" y="${height - 14}" width="${width - 2 * pad}" height="4" rx="2" fill="#fff" fill-opacity="0.35"/><rect x="${pad}" y="${height - 14}" width="${(width - 2 * pad) * 0.18}" height="4" rx="2" fill="#fff"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(input.label.slice(0, 120))}">${parts.join('')}</svg>`;
}

/** A generated image: the brief as the headline and the concept's angle over the brand's palette and a product of the brief. */
export function generatedImageSvg(options: {
  brand: BrandMark;
  concept: string;
  icon: string;
  width: number;
  height: number;
  variant: number;
}): string {
  const { width, height } = options;
  const [angle = '', ...rest] = options.concept.split(': ');
  const brief = rest.join(': ');
  const c = colours(options.brand.palette, options.variant % 3);
  const pad = Math.round(Math.min(width, height) * 0.07);
  const headlineSize = Math.max(18, Math.round(Math.min(width, height) * 0.07));
  const lines = wrap(brief, Math.floor((width - 2 * pad) / (headlineSize * 0.56)), 3);
  const art = Math.min(width, height) * 0.38;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(options.concept.slice(0, 120))}"><rect width="${width}" height="${height}" fill="${c.bg}"/><circle cx="${width * 0.66}" cy="${height * 0.44}" r="${art * 0.8}" fill="${c.soft}" fill-opacity="0.3"/>${illustration(options.icon, width * 0.66 - art / 2, height * 0.44 - art / 2, art, c.ink, 1.4)}${markShape(options.brand, pad, pad, Math.round(headlineSize * 1.4), c.button, c.label)}<text x="${pad}" y="${pad + headlineSize * 2.6}" ${FONT} font-size="${Math.round(headlineSize * 0.5)}" letter-spacing="2" font-weight="700" fill="${c.ink}">${escapeXml(angle.toUpperCase().slice(0, 30))}</text>${textLines(lines, pad, height - pad - (lines.length - 1) * headlineSize * 1.18, headlineSize, c.ink)}</svg>`;
}
