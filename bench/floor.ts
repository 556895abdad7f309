import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Figure } from './report';

/**
 * The bare extension the bench loads beside Adscope, in the same browser: a Manifest V3
 * extension whose service worker does nothing but answer one message, and a blank page to send
 * it from. What it takes to start its worker and get a reply is the floor of any extension's
 * cold start on this machine and this browser.
 */
export function writeFloorExtension(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'adscope-floor-'));
  const manifest = {
    manifest_version: 3,
    name: 'Bench floor',
    version: '1.0.0',
    background: { service_worker: 'worker.js' },
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(dir, 'worker.js'),
    'chrome.runtime.onMessage.addListener((message, sender, reply) => { reply({ ok: true, type: message.type }); });\n',
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

/**
 * A timing against its floor, measured in the same run: the ratio carries the budget, the time
 * itself stays as information.
 */
export function againstFloor(
  figure: { name: string; value: number; unit: string; note?: string },
  floor: Floor,
  budget: number,
): Figure[] {
  const ratio = figure.value / Math.max(floor.value, 0.01);
  return [
    {
      name: `${figure.name}: ratio to ${floor.name}`,
      value: ratio,
      unit: '×',
      budget,
      note: `${figure.value.toFixed(1)} ${figure.unit} against ${floor.value.toFixed(1)} ${floor.unit}`,
    },
    { ...figure, floor: floor.name },
  ];
}
