import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchesSchema } from '../../../lib/json-check';
import { serializedApiErrorSchema } from '../../../lib/messaging/api-error-schema';
import { isSerializedApiError as pagesCheck } from '../../../lib/messaging/serialized-check';
import { isSerializedApiError as workersCheck } from '../../../lib/messaging/serialized-check-zod';
import { type GenerationJob, generationJobSchema } from '../../../lib/storage/generation-job-schema';
import { derivedSchemas } from '../../../scripts/derived-schemas';

const committed = JSON.parse(readFileSync('lib/generated/record-schemas.json', 'utf8')) as ReturnType<
  typeof derivedSchemas
>;

const job: GenerationJob = {
  id: 'key-0001-aaaa',
  createdAt: 1,
  choice: { prompt: 'Rain jackets', brand_id: 'brand-1', size: 2, aspect_ratio: '4:5' },
  brandName: 'Acme Trail',
  phase: 'running',
  submitAttempts: 1,
  pollFailures: 0,
  nextAt: 5,
  generationId: 'gen-1',
  status: 'processing',
  imageIds: ['img-1'],
  images: [{ id: 'img-1', status: 'success', url: 'https://cdn.example/a.png', concept: 'Ridge', error: null }],
  error: { code: 50001, httpStatus: 503, message: 'down', retryable: true },
  finishedAt: null,
};

describe('the records pages check without zod', () => {
  it('are checked by JSON Schemas derived from the zod ones, kept current', () => {
    expect(committed, 'lib/generated is stale: run "npm run derive:schemas"').toEqual(
      JSON.parse(JSON.stringify(derivedSchemas())),
    );
  });

  it.each([
    ['a stored job', job],
    ['a finished job', { ...job, phase: 'done', error: null, finishedAt: 9 }],
    ['a phase no version writes', { ...job, phase: 'hacked' }],
    ['an image with a numeric id', { ...job, images: [{ id: 1 }] }],
    ['an unknown error code', { ...job, error: { code: 'made_up', message: 'x', httpStatus: null, retryable: false } }],
    ['a key too short', { ...job, id: 'k' }],
    ['a size out of range', { ...job, choice: { ...job.choice, size: 21 } }],
    ['a missing field', { ...job, nextAt: undefined }],
    ['nothing', null],
    ['text', 'job'],
  ])('agree with zod on %s', (_, value) => {
    expect(matchesSchema(committed.generationJob, value)).toBe(generationJobSchema.safeParse(value).success);
  });

  it.each([
    [{ code: 40001, httpStatus: 400, message: 'bad', retryable: false, field: 'limit' }],
    [{ code: 'network', httpStatus: null, message: 'offline', retryable: true, retryAfterMs: 0 }],
    [{ code: 'network', httpStatus: null, message: 'offline', retryable: true, retryAfterMs: -1 }],
    [{ code: 2.5, httpStatus: null, message: 'x', retryable: true }],
    [{ code: 'teapot', httpStatus: null, message: 'x', retryable: true }],
    [{ code: 40001, message: 'no status', retryable: false }],
    [{ code: 40001, httpStatus: 400, message: 'x', retryable: false, requestId: 'has space' }],
    [{ code: 40001, httpStatus: 400, message: 'x', retryable: false, requestId: 'r'.repeat(129) }],
    [{ code: 40001, httpStatus: 400, message: 'x', retryable: false, field: undefined, extra: 1 }],
    [{ code: 40001, httpStatus: 400.5, message: 'x', retryable: false }],
    [{ code: 40001, httpStatus: 400, message: 'x', retryable: 'no' }],
    [[{ code: 40001, httpStatus: 400, message: 'x', retryable: false }]],
    [null],
    ['network'],
  ])('agree with zod on the serialized error %j, in the pages and in the worker', (value) => {
    const expected = serializedApiErrorSchema.safeParse(value).success;
    expect(matchesSchema(committed.serializedApiError, value)).toBe(expected);
    expect(pagesCheck(value)).toBe(expected);
    expect(workersCheck(value)).toBe(expected);
  });

  it('fail on a keyword the checker does not know, rather than half-check', () => {
    expect(matchesSchema({ type: 'string', uniqueItems: true }, 'a')).toBe(false);
    expect(matchesSchema({}, 'anything')).toBe(true);
  });
});
