import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * `npm run soak -- --seeds N`: the simulated week (tests/unit/background/week.test.ts) on N
 * random seeds, one after another, then each failure with its seed, day and hour. The unit
 * suite runs two fixed seeds; this runs more, on demand. `--seed S` (repeatable) replays given
 * seeds instead. Each week prints its figures; WEEK_DEBUG=1 also prints the stores at a failure
 * and WEEK_TRACE=1 every event as it happens (docs/testing.md).
 */
function parse(argv: readonly string[]): number[] {
  const seeds: number[] = [];
  let count = 0;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = (argv[i] ?? '').split('=');
    const value = inline ?? argv[i + 1];
    if (flag === '--seeds' || flag === '--seed') {
      const number = Number(value);
      if (!Number.isInteger(number) || number < 0) throw new RangeError(`${flag} takes a whole number, got ${value}`);
      if (flag === '--seeds') count = number;
      else seeds.push(number);
      if (inline === undefined) i += 1;
    } else throw new RangeError(`unknown option ${argv[i]}: use --seeds N or --seed S`);
  }
  if (seeds.length === 0 && count === 0) count = 10;
  for (let n = 0; n < count; n += 1) seeds.push(randomInt(1, 2 ** 31));
  return seeds;
}

let seeds: number[];
try {
  seeds = parse(process.argv.slice(2));
} catch (error) {
  console.error(`soak: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

console.info(`A week on ${seeds.length} seed${seeds.length === 1 ? '' : 's'}: ${seeds.join(', ')}`);
const started = performance.now();
const vitest = path.resolve('node_modules/vitest/vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', 'tests/unit/background/week.test.ts'], {
  env: { ...process.env, WEEK_SEEDS: seeds.join(',') },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk: Buffer) => {
  output += chunk.toString();
  process.stdout.write(chunk);
});
child.on('close', (status) => {
  // Colours off: the failure lines as the week wrote them.
  const plain = stripVTControlCharacters(output);
  const failures = [...plain.matchAll(/The week failed: seed (\d+), day (\d+), hour (\d+):\n((?: {2}.+\n)+)/g)];
  // A week that failed otherwise (a time-out, an error of its own) is named too.
  const named = new Set(failures.map(([, seed]) => seed));
  const others = [...plain.matchAll(/× seed (\d+):/g)].map(([, seed]) => seed ?? '').filter((seed) => !named.has(seed));
  const failed = failures.length + others.length + (status !== 0 && failures.length + others.length === 0 ? 1 : 0);
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.info(`\nSoak: ${seeds.length} weeks in ${minutes} min, ${failed} failed.`);
  for (const [, seed, day, hour, what] of failures)
    console.info(`  seed ${seed}, day ${day}, hour ${hour}:\n${(what ?? '').replace(/^ {2}/gm, '    ')}`);
  for (const seed of others) console.info(`  seed ${seed}: did not finish its week (its error is above)`);
  const again = [...named, ...others].map((seed) => `--seed ${seed}`).join(' ');
  if (again) console.info(`Replay: npm run soak -- ${again}`);
  process.exit(failed === 0 ? 0 : 1);
});
