import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The store images in docs/store (made by `npm run tour -- --store`) are the sizes the stores take. */
const STORE_DIR = path.resolve('docs/store');

/** A JPEG's width and height, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw new Error('not a JPEG segment');
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0 to SOF15, except the DHT, JPG and DAC markers that share the range.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('no frame header');
}

describe('store images', () => {
  const images = readdirSync(STORE_DIR).filter((name) => name.endsWith('.jpg'));
  const sizeOf = (name: string) => jpegSize(readFileSync(path.join(STORE_DIR, name)));

  it('at least five screenshots of 1280×800, each under 300 KB', () => {
    const screenshots = images.filter((name) => !name.startsWith('tile-'));
    expect(screenshots.length).toBeGreaterThanOrEqual(5);
    for (const name of screenshots) {
      expect(sizeOf(name), name).toEqual({ width: 1280, height: 800 });
      expect(readFileSync(path.join(STORE_DIR, name)).length, name).toBeLessThan(300_000);
    }
  });

  it('a promotional tile of 440×280', () => {
    expect(sizeOf('tile-440x280.jpg')).toEqual({ width: 440, height: 280 });
  });
});
