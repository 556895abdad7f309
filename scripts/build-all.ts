import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The three builds `npm test` checks (Chrome production, Firefox, and the e2e build with
 * loopback access), each of which must print no warning: a warning in a build log reads like
 * an error to whoever reads it, so it is fixed at its cause or the build fails here.
 */
const BUILDS = [['build'], ['build', '-b', 'firefox'], ['build', '--mode', 'e2e']];
// Vite's and WXT's warnings; ANSI colours are stripped before matching.
const WARNING = /\bwarn(ing)?\b|⚠|can't be bundled/i;

const wxt = path.resolve('node_modules/wxt/bin/wxt.mjs');
for (const args of BUILDS) {
  const run = spawnSync(process.execPath, [wxt, ...args], { encoding: 'utf8', env: { ...process.env, CI: '1' } });
  const output = `${run.stdout}${run.stderr}`;
  process.stdout.write(output);
  if (run.status !== 0) {
    console.error(`wxt ${args.join(' ')} failed (exit ${run.status}).`);
    process.exit(1);
  }
  // eslint-disable-next-line no-control-regex
  const warnings = output.split('\n').filter((line) => WARNING.test(line.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')));
  if (warnings.length > 0) {
    console.error(`wxt ${args.join(' ')} printed warnings:\n${warnings.join('\n')}`);
    process.exit(1);
  }
}
