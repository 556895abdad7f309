import { describe, expect, it } from 'vitest';
import {
  adIdSchema,
  boardIdSchema,
  brandIdSchema,
  canonicalId,
  generationIdSchema,
  ID_MAX_CHARS,
  idProblem,
  isOpaqueId,
  sameId,
} from '../../../lib/contract/ids';
import { librarySearchSchema } from '../../../lib/contract/ad-library';
import { generationSchema } from '../../../lib/contract/image-generations';
import { apiPath } from '../../../lib/contract/path';
import { HOSTILE_IDS } from '../../support/hostile-ids';

const UUID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const COMPACT_UPPER = UUID.replaceAll('-', '').toUpperCase();

const HOSTILE = HOSTILE_IDS;

describe('opaque ids (brand, board, ad, generation)', () => {
  it.each([
    ['brand', brandIdSchema, ['m123456789012345', 't987', UUID, COMPACT_UPPER, 'yt_UC-abc.def~1']],
    ['board', boardIdSchema, ['board_abc123', 'local:7f3a9c', UUID]],
    ['ad', adIdSchema, ['m123456789012345678', 'ad-1', UUID]],
    ['generation', generationIdSchema, ['gen_01HZX', UUID, 'g:1']],
  ] as const)('a %s id of any legal form is accepted as given', (_, schema, ids) => {
    for (const id of ids) expect(schema.parse(id)).toBe(id);
  });

  it('accepts the longest id and refuses one character more', () => {
    expect(isOpaqueId('a'.repeat(ID_MAX_CHARS))).toBe(true);
    expect(idProblem('a'.repeat(ID_MAX_CHARS + 1), 'brand')).toMatch(/at most 200/);
  });

  it.each(HOSTILE.map((id) => [JSON.stringify(id).slice(0, 40), id]))('refuses %s for every kind', (_, id) => {
    for (const schema of [brandIdSchema, boardIdSchema, adIdSchema, generationIdSchema]) {
      expect(schema.safeParse(id).success).toBe(false);
    }
    expect(canonicalId(id)).toBeNull();
  });

  it('refuses ids that name another endpoint beside {id}', () => {
    expect(brandIdSchema.safeParse('search').success).toBe(false);
    expect(brandIdSchema.safeParse('followed').success).toBe(false);
    expect(adIdSchema.safeParse('saved').success).toBe(false);
    expect(boardIdSchema.safeParse('search').success).toBe(true);
  });

  it('keeps a UUID in one form (dashed, lower case) and any other id as it is', () => {
    expect(canonicalId(UUID.toUpperCase())).toBe(UUID);
    expect(canonicalId(COMPACT_UPPER)).toBe(UUID);
    expect(canonicalId(UUID)).toBe(UUID);
    expect(canonicalId('m123456789012345')).toBe('m123456789012345');
    // Opaque ids are case-sensitive: never lowered.
    expect(canonicalId('Board_ABC')).toBe('Board_ABC');
    expect(sameId(COMPACT_UPPER, UUID)).toBe(true);
    expect(sameId('m1', 'M1')).toBe(false);
    expect(sameId('..', '..')).toBe(false);
  });

  it('puts every legal id in one path segment under /open/v1', () => {
    for (const id of ['m123456789012345', 'board_abc123', 'local:a.b~c', UUID]) {
      const path = apiPath('brand-library', id, 'ads');
      expect(path).toBe(`/open/v1/brand-library/${encodeURIComponent(id)}/ads`);
      const segments = new URL(path, 'https://api.example').pathname.split('/');
      expect(segments).toHaveLength(6);
      expect(decodeURIComponent(segments[4] ?? '')).toBe(id);
    }
  });

  it('lets the library search take an opaque brand, and refuses a hostile one', () => {
    expect(librarySearchSchema.safeParse({ unified_brand_id: 'm123456789012345' }).success).toBe(true);
    expect(librarySearchSchema.safeParse({ unified_brand_id: '../boards' }).success).toBe(false);
  });

  it('reads an opaque generation id, and refuses one that would leave its path', () => {
    const base = { status: 'pending', image_ids: [] };
    expect(generationSchema.parse({ ...base, generation_id: 'gen_01HZX' }).generation_id).toBe('gen_01HZX');
    expect(generationSchema.safeParse({ ...base, generation_id: '../owned-brands' }).success).toBe(false);
  });
});
