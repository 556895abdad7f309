import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { derivedSchemas } from './derived-schemas';

/**
 * Writes lib/generated/record-schemas.json: the JSON Schemas of the stored records that pages
 * check without zod, derived from their zod schemas. A unit test fails when the file is stale.
 */
const file = path.resolve('lib/generated/record-schemas.json');
writeFileSync(file, `${JSON.stringify(derivedSchemas(), null, 2)}\n`);
console.info(`Wrote ${path.relative(process.cwd(), file)}`);
