import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../../components/ui/icons';
import { iconsCss } from '../../../scripts/derived-icons';

describe('the icons drawn by CSS', () => {
  const committed = readFileSync('assets/styles/icons.css', 'utf8');

  it('are derived from lucide and kept current (npm run derive:icons)', () => {
    expect(committed).toBe(iconsCss());
  });

  it('are one sprite, an SVG that needs no script and no other origin, with a cell for every icon', () => {
    const images = [...committed.matchAll(/url\("data:image\/svg\+xml,([^"]+)"\)/g)];
    expect(images).toHaveLength(1);
    const svg = decodeURIComponent(images[0]?.[1] ?? '');
    expect(svg).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'/);
    expect(svg).not.toMatch(/script|href|on[a-z]+=/i);
    const cells = [...svg.matchAll(/<g transform='translate\((\d+) 0\)'>(.*?)<\/g>/g)];
    expect(cells).toHaveLength(ICON_NAMES.length);
    for (const cell of cells) expect(cell[2], `cell at ${cell[1]}`).toMatch(/<(path|circle|rect)/);
  });

  it('place each icon at its own cell: the sprite is sized so cell i sits at i / (n - 1) of the free width', () => {
    const svg = decodeURIComponent(/url\("data:image\/svg\+xml,([^"]+)"\)/.exec(committed)?.[1] ?? '');
    const width = Number(/viewBox='0 0 (\d+) 24'/.exec(svg)?.[1]);
    const size = Number(/mask-size: ([\d.]+)% 100%;/.exec(committed)?.[1]);
    // The box shows 24 units of the sprite.
    expect(size / 100).toBeCloseTo(width / 24, 3);
    const offsets = [...svg.matchAll(/translate\((\d+) 0\)/g)].map((match) => Number(match[1]));
    ICON_NAMES.forEach((name, index) => {
      const at = Number(new RegExp(`\\.icon-${name} \\{\\n  --icon-at: ([\\d.]+)%;`).exec(committed)?.[1]);
      // A mask positioned at p% moves the sprite by p% of (box - sprite): the cell's offset, in units of the box.
      const shift = (at / 100) * (width - 24);
      expect(shift, name).toBeCloseTo(offsets[index] ?? Number.NaN, 3);
    });
    // The cells are apart, so no stroke of one is drawn in another's box.
    for (let index = 1; index < offsets.length; index += 1) {
      expect((offsets[index] ?? 0) - (offsets[index - 1] ?? 0)).toBeGreaterThan(24);
    }
  });
});
