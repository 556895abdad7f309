import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs two npm scripts at once: `npm test` runs the Firefox suite (a browser mostly waiting on
 * its event page, its alarms and the server) beside the unit suite (which keeps both cores busy),
 * where one after the other they left the machine half idle for three minutes. The first script's
 * output is shown as it comes; the second's is kept and shown whole once both have ended, so the
 * two never interleave. Fails when either fails, naming it.
 *
 *   tsx scripts/together.ts <shown script> <kept script>
 */
const [shown, kept] = process.argv.slice(2);
if (!shown || !kept) {
  console.error('Usage: tsx scripts/together.ts <npm script shown as it runs> <npm script shown after>');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const folder = mkdtempSync(path.join(tmpdir(), 'adscope-together-'));
const keptLog = path.join(folder, `${kept}.log`);

function run(script: string, log?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], {
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    // Both streams into one file, which is closed (and flushed) only once the script has ended.
    const file = log ? createWriteStream(log) : null;
    if (file) {
      child.stdout?.pipe(file, { end: false });
      child.stderr?.pipe(file, { end: false });
    }
    // Stopped by the user: stop both.
    const stop = () => child.kill('SIGTERM');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('close', (code, signal) => {
      const exit = code ?? (signal ? 1 : 0);
      if (file) file.end(() => resolve(exit));
      else resolve(exit);
    });
    child.on('error', (error) => {
      console.error(`npm run ${script} could not start: ${error.message}`);
      resolve(1);
    });
  });
}

console.info(`npm run ${shown}, with npm run ${kept} beside it (its output follows once both have ended)…`);
const [shownExit, keptExit] = await Promise.all([run(shown), run(kept, keptLog)]);
console.info(`\n── npm run ${kept} (ran beside npm run ${shown}) ──`);
process.stdout.write(readFileSync(keptLog, 'utf8'));
rmSync(folder, { recursive: true, force: true });
const failed = [shownExit !== 0 ? shown : null, keptExit !== 0 ? kept : null].filter((name) => name !== null);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((name) => `npm run ${name}`).join(' and ')}.`);
  process.exit(1);
}
