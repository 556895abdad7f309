import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's writable state as one JSON document under `--data-dir`. Each save writes a
 * temporary file, syncs it and renames it over the old one, so a crash leaves either the
 * old state or the new one, never half of each. Without a directory it lives in memory.
 */
export class StateFile<T> {
  private readonly file: string | null;

  constructor(dataDir: string | undefined, name: string) {
    this.file = dataDir ? path.join(dataDir, `${name}.json`) : null;
    if (dataDir) mkdirSync(dataDir, { recursive: true });
  }

  load(): T | undefined {
    if (!this.file) return undefined;
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`Cannot read ${this.file}: ${(error as Error).message}`, { cause: error });
    }
  }

  save(value: T): void {
    if (!this.file) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(value));
    const fd = openSync(temp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
  }
}
