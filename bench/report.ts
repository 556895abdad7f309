import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { chromiumExecutable } from '../scripts/requirements';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The figure must be at most this. */
  budget?: number;
  note?: string;
  /** A floor: what other figures of the same run are divided by, listed first. */
  role?: 'floor';
  /** The floor this figure is compared to, by name. */
  floor?: string;
  /** A ratio measured in turns: each run's time and the floor beside it, in the order taken (ms). */
  runs?: { times: number[]; floors: number[] };
}

/** Where the bench ran, so two runs can be compared honestly. */
export interface Environment {
  cpus: number;
  cpuModel: string;
  /** The load average over 1, 5 and 15 minutes when the bench started. */
  loadAverage: number[];
  browser: string;
  node: string;
}

export function environment(): Environment {
  let browser = 'unknown';
  try {
    const printed = execFileSync(chromiumExecutable(), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    browser = printed.trim().split('\n')[0] ?? browser;
  } catch {
    // The parts that need no browser still run.
  }
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
    browser,
    node: process.version,
  };
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** The middle value; with an even count, halfway between the two middle ones. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[half] ?? Number.NaN) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
}

/**
 * Prints where it ran, the floors and the table, and writes .bench/results.json; returns false
 * when a budget is missed.
 */
export function report(figures: readonly Figure[], ranOn: Environment): boolean {
  const floors = figures.filter((figure) => figure.role === 'floor');
  console.log(
    `Ran on ${ranOn.cpus} CPUs (${ranOn.cpuModel}), load ${ranOn.loadAverage.join(' / ')}; ${ranOn.browser}; Node ${ranOn.node}`,
  );
  if (floors.length > 0) console.log('Floors, measured in this run:');
  for (const floor of floors)
    console.log(`  ${floor.name}: ${round(floor.value)} ${floor.unit}${floor.note ? ` (${floor.note})` : ''}`);
  console.log('');
  const rows = figures.map((figure) => ({
    figure: figure.name,
    value: `${round(figure.value)} ${figure.unit}`,
    budget: figure.budget === undefined ? '' : `≤ ${figure.budget} ${figure.unit}`,
    status: figure.budget === undefined ? '' : figure.value <= figure.budget ? 'ok' : 'MISSED',
    note: figure.note ?? '',
  }));
  const widths = (['figure', 'value', 'budget', 'status', 'note'] as const).map((key) =>
    Math.max(key.length, ...rows.map((row) => row[key].length)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(['figure', 'value', 'budget', 'status', 'note']));
  for (const row of rows) console.log(line([row.figure, row.value, row.budget, row.status, row.note]));
  const dir = path.resolve('.bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'results.json'),
    JSON.stringify({ at: new Date().toISOString(), environment: ranOn, floors, figures }, null, 2),
  );
  return rows.every((row) => row.status !== 'MISSED');
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}
