import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { iconsCss } from './derived-icons';

/** Writes assets/styles/icons.css from lucide's icons. A unit test fails when the file is stale. */
const file = path.resolve('assets/styles/icons.css');
writeFileSync(file, iconsCss());
console.info(`Wrote ${path.relative(process.cwd(), file)}`);
