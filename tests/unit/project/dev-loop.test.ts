import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run dev` needs a window for WXT's browser. On a machine without a display (CI, a
 * server over SSH) it must say what to do instead and exit 0: never a stack trace, and
 * nothing left running.
 */
function devWithoutDisplay(args: string[] = []) {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/dev.ts', ...args], {
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe.runIf(process.platform === 'linux')('npm run dev without a display', () => {
  it.each([
    ['Chromium', [], 'xvfb-run npm run dev'],
    ['Firefox', ['--firefox'], 'xvfb-run npm run dev:firefox'],
  ])('in %s says what to do instead and exits 0', (browser, args, fallback) => {
    const run = devWithoutDisplay(args);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`npm run dev opens ${browser} in a window, and this machine has no display`);
    expect(run.stdout).toContain('npm start');
    expect(run.stdout).toContain(fallback);
    expect(run.stderr).not.toMatch(/Error|at .+:\d+:\d+/);
  });
});
