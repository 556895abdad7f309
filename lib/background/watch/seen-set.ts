/**
 * The ad ids of one brand Adscope has seen. "New" means an id not in here, whatever its launch
 * date: a late-indexed ad can carry an old one (spec 4.10).
 *
 * Each id is kept as a 32-bit hash, in the order of the brand's list as last read, packed four bytes per id in one
 * base64 string: a brand's 2,500 ids take 13 KB whatever the ids look like, so an odd or
 * overlong id costs no more than any other and can never make the record unreadable. Two ids
 * share a hash with a chance of 1 in 4.3 billion per pair: a new ad is missed with a chance of
 * about 1 in 1.7 million against a full set.
 */
export interface SeenSet {
  /** Hashes of seen ids, in the order of the brand's list as last read (newest first), no repeats. */
  hashes: number[];
  /** The rotating sweep below the newest ads: where the next check reads one page deeper. */
  sweep: Sweep;
}

export interface Sweep {
  /** The service's cursor for the next deeper page; null: start again below the newest ads. */
  cursor: string | null;
  /** The page that cursor reads (2 is the first below the newest). */
  page: number;
  /** Full sweeps finished: until the first, what a sweep finds is learned, not news. */
  cycles: number;
}

export const NO_SWEEP: Sweep = { cursor: null, page: 2, cycles: 0 };
/**
 * A cursor longer than this is not kept: the sweep starts again. The contract limits no cursor's
 * length (a legal service sends cursors of 2,000 characters and more); this bounds one brand's record.
 */
const CURSOR_KEPT_CHARS = 8_192;

/**
 * Most ids kept per brand: above the 2,000 ads a full sweep of a brand covers (see WATCH_POLICY),
 * so every id still listed stays and is never counted twice.
 */
export const SEEN_LIMIT = 2_500;

/** Ids read from one page, whatever the service sent: page_size asks 100. */
export const IDS_PER_PAGE_READ = 500;

/** FNV-1a over the UTF-16 code units: fast, stable, and spreads ids that differ in one character. */
export function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The stored form: `h` is base64 of big-endian 32-bit hashes. */
export interface StoredSeen {
  v: 2;
  h: string;
  /** The sweep: cursor, page, cycles. */
  s: string | null;
  p: number;
  c: number;
}

function encode(hashes: readonly number[]): string {
  const bytes = new Uint8Array(hashes.length * 4);
  const view = new DataView(bytes.buffer);
  hashes.forEach((hash, index) => view.setUint32(index * 4, hash));
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Reads the packed hashes; a character that is not base64 is left out, and a cut-off hash at the end is skipped. */
function decode(text: string): { hashes: number[]; skipped: number } {
  const clean = text.replace(/[^A-Za-z0-9+/]/g, '');
  let skipped = text.replace(/=+$/, '').length - clean.length;
  // A length of 4n + 1 cannot be base64: its last character goes.
  const usable = clean.length % 4 === 1 ? clean.slice(0, -1) : clean;
  if (usable.length < clean.length) skipped += 1;
  const binary = atob(usable);
  const hashes: number[] = [];
  for (let i = 0; i + 3 < binary.length; i += 4) {
    hashes.push(
      ((binary.charCodeAt(i) << 24) |
        (binary.charCodeAt(i + 1) << 16) |
        (binary.charCodeAt(i + 2) << 8) |
        binary.charCodeAt(i + 3)) >>>
        0,
    );
  }
  if (binary.length % 4 !== 0) skipped += 1;
  return { hashes, skipped };
}

export function storeSeen(seen: SeenSet): StoredSeen {
  const cursor = seen.sweep.cursor !== null && seen.sweep.cursor.length <= CURSOR_KEPT_CHARS ? seen.sweep.cursor : null;
  return { v: 2, h: encode(seen.hashes), s: cursor, p: cursor === null ? 2 : seen.sweep.page, c: seen.sweep.cycles };
}

/** What a stored record holds, and how many of its elements could not be read (left out, the rest kept). */
export interface ReadSeen {
  seen: SeenSet | null;
  skipped: number;
}

/**
 * Reads a stored seen set, one element at a time: a bad element is left out and counted, never
 * the whole record. Reads the earlier form too (`entries` of [id, first seen, last seen]).
 * Nothing stored, or nothing readable at all, is null: the brand has not been checked.
 */
export function readSeen(raw: unknown): ReadSeen {
  if (typeof raw !== 'object' || raw === null) return { seen: null, skipped: 0 };
  const record = raw as Record<string, unknown>;
  if (typeof record.h === 'string') {
    const { hashes, skipped } = decode(record.h);
    return { seen: { hashes: unique(hashes).slice(0, SEEN_LIMIT), sweep: readSweep(record) }, skipped };
  }
  if (Array.isArray(record.entries)) {
    const read: [number, number][] = [];
    let skipped = 0;
    for (const entry of record.entries as unknown[]) {
      const [id, , last] = Array.isArray(entry) ? (entry as unknown[]) : [];
      if (typeof id !== 'string' || id.length === 0) {
        skipped += 1;
        continue;
      }
      read.push([idHash(id), typeof last === 'number' && Number.isFinite(last) ? last : 0]);
    }
    read.sort((a, b) => b[1] - a[1]);
    if (read.length === 0 && skipped > 0) return { seen: null, skipped };
    return { seen: { hashes: unique(read.map(([hash]) => hash)).slice(0, SEEN_LIMIT), sweep: NO_SWEEP }, skipped };
  }
  return { seen: null, skipped: 1 };
}

/** The sweep's fields, each on its own: one that is off starts the sweep again, the ids stay. */
function readSweep(record: Record<string, unknown>): Sweep {
  const { s: cursor, p: page, c: cycles } = record;
  const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > CURSOR_KEPT_CHARS || (count(page) ?? 0) < 2)
    return { ...NO_SWEEP, cycles: count(cycles) ?? 0 };
  return { cursor, page: count(page) ?? 2, cycles: count(cycles) ?? 0 };
}

function unique(hashes: readonly number[]): number[] {
  const kept = new Set<number>();
  for (const hash of hashes) kept.add(hash);
  return [...kept];
}

export interface Diff {
  /** Ads not seen before, in the order the service listed them. */
  fresh: string[];
  seen: SeenSet;
  /** Ids past IDS_PER_PAGE_READ, not read. */
  unread: number;
}

/**
 * Compares one page of a brand's ads with what was seen: unseen ids are new. The seen ids are kept
 * in the order of the brand's list as last read, and the page's ids go together where the first
 * of them was (its new ids among them), or at `depth` (the place in the list the page begins: 0 for
 * the newest page) if that is higher: an old ad relaunched among new ones takes them up with it,
 * never down. Past `limit` the ids placed deepest go: those the sweep no longer reaches once a
 * burst of new ads has pushed them down, never one it still does, and an id listed no more drifts
 * down as the pages around it are read again. With `depth` null (ads the user marked seen), the
 * ids already seen stay where they are and the others go first. Linear in the page and the set;
 * at most IDS_PER_PAGE_READ ids are read from one page.
 */
export function diffPage(seen: SeenSet, ids: readonly string[], depth: number | null = 0, limit = SEEN_LIMIT): Diff {
  const known = new Set(seen.hashes);
  const read = ids.slice(0, IDS_PER_PAGE_READ);
  const fresh: string[] = [];
  const page = new Set<number>();
  for (const id of read) {
    const hash = idHash(id);
    if (page.has(hash)) continue;
    page.add(hash);
    if (!known.has(hash)) fresh.push(id);
  }
  if (depth === null) {
    const unseen = [...page].filter((hash) => !known.has(hash));
    return { fresh, seen: { hashes: [...unseen, ...seen.hashes].slice(0, limit), sweep: seen.sweep }, unread: 0 };
  }
  const rest: number[] = [];
  let at = -1;
  for (const hash of seen.hashes) {
    if (!page.has(hash)) rest.push(hash);
    else if (at < 0) at = rest.length;
  }
  at = Math.min(at < 0 ? Infinity : at, Math.max(0, depth), rest.length);
  const hashes = [...rest.slice(0, at), ...page, ...rest.slice(at)].slice(0, limit);
  return { fresh, seen: { hashes, sweep: seen.sweep }, unread: ids.length - read.length };
}
