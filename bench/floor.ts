import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Figure, median } from './report';

/**
 * The bare extension the bench loads beside Adscope, in the same browser: a Manifest V3
 * extension whose service worker does nothing but answer one message, and a blank page to send
 * it from. What it takes to start its worker and get a reply is the floor of any extension's
 * cold start on this machine and this browser.
 */
export function writeFloorExtension(carrying?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'adscope-floor-'));
  const manifest = {
    manifest_version: 3,
    name: carrying ? 'Bench floor carrying code' : 'Bench floor',
    version: '1.0.0',
    background: { service_worker: 'worker.js' },
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  // With `carrying`: the same worker, and the script at that path in a function it never calls.
  // A worker's script is loaded and parsed whole at every start, run or not: what that takes is
  // part of any worker of that size's cold start, and none of what the code does.
  const carried = carrying ? `var carried = function () {\n${readFileSync(carrying, 'utf8')}\n};\n` : '';
  writeFileSync(
    path.join(dir, 'worker.js'),
    `chrome.runtime.onMessage.addListener((message, sender, reply) => { reply({ ok: true, type: message.type }); });\n${carried}`,
  );
  writeFileSync(
    path.join(dir, 'blank.html'),
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="UTF-8"><title>Floor</title></head><body></body></html>\n',
  );
  return dir;
}

/** A measured floor: what a figure is divided by, reported at the top of the bench's output. */
export interface Floor {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

/** A floor timed as `times` (ms): their median, `note` saying how it was taken, as the report lists floors. */
export function floorOf(name: string, times: readonly number[], note: string): Floor & { role: 'floor' } {
  return { name, value: median(times), unit: 'ms', note, role: 'floor' };
}

/**
 * Runs measured in turns with their floor: the i-th time was taken beside the i-th floor.
 * The ratio is then the median of each run's own ratio, so a moment when the shared machine
 * slows both (a floor of 60 ms in one run, 140 in the next) moves neither.
 */
export interface InTurns {
  times: readonly number[];
  floors: readonly number[];
}

/** A time as results.json keeps it: to a tenth of a millisecond. */
const round = (ms: number): number => Math.round(ms * 10) / 10;

/** The median of each run's time over the floor measured beside it. */
export function pairedRatio({ times, floors }: InTurns): number {
  if (times.length === 0 || times.length !== floors.length) {
    throw new Error(`paired ratio: ${times.length} times against ${floors.length} floors`);
  }
  return median(times.map((time, index) => time / Math.max(floors[index] ?? 0, 0.01)));
}

/**
 * A timing against its floor, measured in the same run: the ratio carries the budget, the time
 * itself stays as information. With `inTurns`, the ratio is each run's against its own floor's
 * (pairedRatio), and the note gives the medians too.
 */
export function againstFloor(
  figure: { name: string; value: number; unit: string; note?: string },
  floor: Floor,
  budget: number,
  inTurns?: InTurns,
): Figure[] {
  const ratio = inTurns ? pairedRatio(inTurns) : figure.value / Math.max(floor.value, 0.01);
  const medians = `${figure.value.toFixed(1)} ${figure.unit} against ${floor.value.toFixed(1)} ${floor.unit}`;
  return [
    {
      name: `${figure.name}: ratio to ${floor.name}`,
      value: ratio,
      unit: '×',
      budget,
      ...(inTurns && { runs: { times: inTurns.times.map(round), floors: inTurns.floors.map(round) } }),
      note: inTurns
        ? `median of ${inTurns.times.length} runs' ratios, each against the floor beside it; medians ${medians}`
        : medians,
    },
    { ...figure, floor: floor.name },
  ];
}
