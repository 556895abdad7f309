import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureMinimums } from '../../scripts/browser-minimums';

/**
 * The oldest browsers the manifests declare are the ones the built code needs: measured from
 * the shipped files, so adding a newer API to the code fails here until the manifest says so.
 */
const manifestOf = (build: string) =>
  JSON.parse(readFileSync(path.resolve('.output', build, 'manifest.json'), 'utf8')) as {
    minimum_chrome_version?: string;
    browser_specific_settings?: { gecko?: { strict_min_version?: string } };
  };

describe('minimum browser versions', () => {
  it('Chrome: minimum_chrome_version is the newest version the Chrome build needs', () => {
    const measured = measureMinimums(path.resolve('.output/chrome-mv3'));
    expect(
      manifestOf('chrome-mv3').minimum_chrome_version,
      `set MINIMUM_CHROME_VERSION in scripts/project.ts (needed by ${measured.found.map((f) => f.feature.name).join(', ')})`,
    ).toBe(String(measured.chrome));
  });

  it('Firefox: strict_min_version is the newest version the Firefox build needs', () => {
    const measured = measureMinimums(path.resolve('.output/firefox-mv2'));
    expect(
      manifestOf('firefox-mv2').browser_specific_settings?.gecko?.strict_min_version,
      'set MINIMUM_FIREFOX_VERSION in scripts/project.ts',
    ).toBe(`${measured.firefox}.0`);
  });

  it('the measure sees a newer API the moment the code uses one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'adscope-minimums-'));
    mkdirSync(path.join(dir, 'chunks'));
    writeFileSync(path.join(dir, 'chunks', 'a.js'), 'let{promise:e}=Promise.withResolvers();');
    writeFileSync(path.join(dir, 'style.css'), '.a:has(input){color:red}');
    const measured = measureMinimums(dir);
    expect(measured.chrome).toBe(119);
    expect(measured.firefox).toBe(121);
    expect(measured.found.find((found) => found.feature.name === 'Promise.withResolvers')?.files).toEqual([
      path.join('chunks', 'a.js'),
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
});
