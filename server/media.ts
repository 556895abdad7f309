/** Demo media as generated SVG: nothing is fetched from the internet. */

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hue(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

export function brandLogoSvg(id: string, name: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const h = hue(id);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)} logo"><rect width="128" height="128" rx="24" fill="hsl(${h} 55% 38%)"/><text x="64" y="78" font-family="system-ui,sans-serif" font-size="48" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
}

/** An ad creative or video poster: a headline on a coloured card, sized to the aspect ratio. */
export function creativeSvg(options: {
  id: string;
  headline: string;
  brand: string;
  width?: number;
  height?: number;
  video?: boolean;
}): string {
  const width = options.width ?? 600;
  const height = options.height ?? 600;
  const h = hue(options.id);
  const headline = escapeXml(options.headline.slice(0, 48));
  const brand = escapeXml(options.brand.slice(0, 40));
  const play = options.video
    ? `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 9}" fill="rgba(0,0,0,0.55)"/><path d="M ${width / 2 - 18} ${height / 2 - 26} L ${width / 2 + 28} ${height / 2} L ${width / 2 - 18} ${height / 2 + 26} Z" fill="#fff"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${headline}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 60% 45%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 65% 30%)"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><text x="32" y="${height - 90}" font-family="system-ui,sans-serif" font-size="34" font-weight="700" fill="#fff">${headline}</text><text x="32" y="${height - 44}" font-family="system-ui,sans-serif" font-size="22" fill="rgba(255,255,255,0.85)">${brand}</text>${play}</svg>`;
}

/** A generated image: the concept's angle and brief over the brand's palette. */
export function generatedImageSvg(options: {
  brand: string;
  colors: readonly string[];
  concept: string;
  width: number;
  height: number;
}): string {
  const { width, height } = options;
  const [base = '#22577a', accent = '#ff7f50', light = '#f7f3e9'] = options.colors;
  const [angle = '', ...rest] = options.concept.split(': ');
  const brief = rest.join(': ');
  const lines = (brief.match(/.{1,28}(\s|$)/g) ?? [brief]).slice(0, 3).map((line) => escapeXml(line.trim()));
  const text = lines
    .map(
      (line, i) =>
        `<text x="28" y="${height / 2 + i * 30}" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="${escapeXml(light)}">${line}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(options.concept.slice(0, 120))}"><rect width="${width}" height="${height}" fill="${escapeXml(base)}"/><circle cx="${width * 0.8}" cy="${height * 0.22}" r="${Math.min(width, height) * 0.18}" fill="${escapeXml(accent)}"/><text x="28" y="48" font-family="system-ui,sans-serif" font-size="16" letter-spacing="2" fill="${escapeXml(accent)}">${escapeXml(angle.toUpperCase().slice(0, 30))}</text>${text}<text x="28" y="${height - 28}" font-family="system-ui,sans-serif" font-size="18" fill="${escapeXml(light)}">${escapeXml(options.brand.slice(0, 40))}</text></svg>`;
}
