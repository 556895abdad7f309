import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../../components/ui/icons';
import { iconsCss } from '../../../scripts/derived-icons';

describe('the icons drawn by CSS', () => {
  const committed = readFileSync('assets/styles/icons.css', 'utf8');

  it('are derived from lucide and kept current (npm run derive:icons)', () => {
    expect(committed).toBe(iconsCss());
  });

  it('give every icon name the pages use an SVG that needs no script and no other origin', () => {
    for (const name of ICON_NAMES) {
      const rule = new RegExp(`\\.icon-${name} \\{\\n  --icon: url\\("data:image/svg\\+xml,([^"]+)"\\);`).exec(
        committed,
      );
      expect(rule, name).not.toBeNull();
      const svg = decodeURIComponent(rule?.[1] ?? '');
      expect(svg).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'/);
      expect(svg).not.toMatch(/script|href|on[a-z]+=/i);
    }
  });
});
