import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The figure must be at most this. */
  budget?: number;
  note?: string;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Prints the table and writes .bench/results.json; returns false when a budget is missed. */
export function report(figures: readonly Figure[]): boolean {
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
  writeFileSync(path.join(dir, 'results.json'), JSON.stringify({ at: new Date().toISOString(), figures }, null, 2));
  return rows.every((row) => row.status !== 'MISSED');
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}
