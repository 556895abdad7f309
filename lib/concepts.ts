/**
 * Versions of one idea: a brand's ads grouped into concepts, so a strategist sees what a brand
 * is scaling (the same idea relaunched in several versions) rather than a list of launches.
 *
 * Two ads are versions of one concept when they lead to the same landing page once tracking
 * parameters are dropped and their copy is near-identical, or when they show the same creative.
 *
 * Cost: linear in the ads, with a bounded factor. Ads are bucketed by landing page (a map), and
 * within a bucket each ad's copy is compared with at most LEADERS_COMPARED representatives of
 * the concepts found so far in that bucket, never with every other ad: O(n · L · w) for n ads,
 * L = LEADERS_COMPARED and w words of copy. Same creative is a map lookup. No all-pairs step.
 */
import type { LibraryAd } from './contract/ad-library';
import { imageKey, landingKeyOf, parsedUrl } from './landing-key';
import { dayOf } from './contract/ad-dates';

/** Copy whose word sets overlap this much (Jaccard) is near-identical. */
export const COPY_SIMILARITY = 0.6;
/** Representatives one ad's copy is compared with, within its landing page. */
export const LEADERS_COMPARED = 48;

/**
 * Where an ad leads, read as "Ads that lead to this page" reads it (tracking dropped, routes and
 * ports kept); a relative link is read against a placeholder host, so two of one page still match.
 */
export function landingKey(link: string | null): string | null {
  const trimmed = link?.trim();
  const url = trimmed ? (parsedUrl(trimmed) ?? parsedUrl(trimmed, 'https://relative.invalid')) : null;
  return url ? landingKeyOf(url) : null;
}

/** A creative as a key: its first image (or video poster), without what a CDN signs the link with. */
export function creativeKey(ad: Pick<LibraryAd, 'images' | 'videos'>): string | null {
  const url =
    ad.images.find((image) => image.url)?.url ??
    ad.videos.find((video) => video.preview_image_url)?.preview_image_url ??
    // A video given without a poster is the same creative by its own address.
    ad.videos.find((video) => video.url)?.url;
  return url ? imageKey(url) : null;
}

/** A word of copy: letters (with their marks, as an Indic vowel sign) and digits of any script. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const copyText = (ad: Pick<LibraryAd, 'title' | 'body'>) => `${ad.title ?? ''} ${ad.body ?? ''}`.toLowerCase();

/** The words of an ad's copy (title and body), lower case, for comparing. */
export function copyWords(ad: Pick<LibraryAd, 'title' | 'body'>): Set<string> {
  return new Set(copyText(ad).match(WORD) ?? []);
}

/** How much two word sets overlap: shared words over all words (Jaccard); 0 when both are empty. */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Whether two copies' words, each given as the sorted numbers of its distinct words, overlap by COPY_SIMILARITY. */
function nearIdentical(a: Int32Array, b: Int32Array): boolean {
  if (a.length === 0 && b.length === 0) return false;
  // Shared words are at most the smaller set, all words at least the larger: below this ratio no merge can reach it.
  if (Math.min(a.length, b.length) < COPY_SIMILARITY * Math.max(a.length, b.length)) return false;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return shared / (a.length + b.length - shared) >= COPY_SIMILARITY;
}

/** Whether two ads are versions of one idea (the rule the grouping applies, for one pair). */
export function sameIdea(a: LibraryAd, b: LibraryAd): boolean {
  const creative = creativeKey(a);
  if (creative !== null && creative === creativeKey(b)) return true;
  const landing = landingKey(a.link_url);
  return (
    landing !== null && landing === landingKey(b.link_url) && overlap(copyWords(a), copyWords(b)) >= COPY_SIMILARITY
  );
}

/**
 * Groups ads into concepts: each group in the order the ads came, the groups in the order of
 * their first ad. An ad with no landing page and no creative is a concept of its own.
 */
export function groupConcepts<T extends LibraryAd>(ads: readonly T[]): T[][] {
  const parent = ads.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) {
      const up = parent[at] ?? at;
      parent[at] = parent[up] ?? up;
      at = up;
    }
    return at;
  };
  const join = (a: number, b: number) => {
    const ra = root(a);
    const rb = root(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };

  const byCreative = new Map<string, number>();
  // Each concept found so far on a landing page, by the index of its first ad.
  const leaders = new Map<string, number[]>();
  // Each distinct word a number, and an ad's copy the sorted numbers of its words, made when
  // the ad is first compared (an ad alone on its page never is): comparing two is a merge of
  // two short arrays, not a lookup of every word in a set (the worst case compares 48 pairs an ad).
  const wordIds = new Map<string, number>();
  const words: (Int32Array | undefined)[] = [];
  const wordsOf = (index: number): Int32Array => {
    const known = words[index];
    if (known) return known;
    const ad = ads[index];
    const found = ad ? (copyText(ad).match(WORD) ?? []) : [];
    const ids = new Int32Array(found.length);
    for (let at = 0; at < found.length; at += 1) {
      const word = found[at] ?? '';
      let id = wordIds.get(word);
      if (id === undefined) {
        id = wordIds.size;
        wordIds.set(word, id);
      }
      ids[at] = id;
    }
    ids.sort();
    let distinct = 0;
    for (let at = 0; at < ids.length; at += 1) {
      if (at === 0 || ids[at] !== ids[at - 1]) {
        ids[distinct] = ids[at] ?? 0;
        distinct += 1;
      }
    }
    const made = ids.subarray(0, distinct);
    words[index] = made;
    return made;
  };
  ads.forEach((ad, index) => {
    const creative = creativeKey(ad);
    if (creative !== null) {
      const first = byCreative.get(creative);
      if (first === undefined) byCreative.set(creative, index);
      else join(first, index);
    }
    const landing = landingKey(ad.link_url);
    if (landing === null) return;
    const bucket = leaders.get(landing);
    if (!bucket) {
      leaders.set(landing, [index]);
      return;
    }
    // The most recent representatives first: versions of one idea tend to come together.
    for (let i = bucket.length - 1, compared = 0; i >= 0 && compared < LEADERS_COMPARED; i -= 1, compared += 1) {
      const leader = bucket[i] ?? index;
      if (nearIdentical(wordsOf(index), wordsOf(leader))) {
        join(leader, index);
        return;
      }
    }
    bucket.push(index);
  });

  const groups = new Map<number, T[]>();
  ads.forEach((ad, index) => {
    const key = root(index);
    const group = groups.get(key);
    if (group) group.push(ad);
    else groups.set(key, [ad]);
  });
  return [...groups.values()];
}

export interface ConceptSummary<T extends LibraryAd = LibraryAd> {
  /** The versions, newest launch first. */
  versions: T[];
  /** Versions still running (the service says so); null when it says for none. */
  live: number | null;
  /** The newest version's launch day (YYYY-MM-DD), or null when none has a date. */
  newest: string | null;
  /** Days from the first version's launch to the last day any ran (today while one runs); null without dates. */
  ranDays: number | null;
  /** A short name for the idea: the newest version's title, or the start of its copy. */
  name: string;
}

const DAY_MS = 86_400_000;
/** A launch or end day; a timestamp (a service may send one) is the user's day, as the schema reads it. */
const day = (value: string | null) => dayOf(value);

/** What a concept is, in figures: its versions, live versions, newest launch, and how long it has run. */
export function summarizeConcept<T extends LibraryAd>(versions: readonly T[], now: number): ConceptSummary<T> {
  const sorted = [...versions].sort((a, b) => (day(b.start_date) ?? '').localeCompare(day(a.start_date) ?? ''));
  const known = versions.filter((ad) => ad.is_active !== null);
  const live = known.length === 0 ? null : known.filter((ad) => ad.is_active).length;
  const starts = versions.flatMap((ad) => day(ad.start_date) ?? []).sort();
  const first = starts[0];
  const ends = versions.map((ad) => (ad.is_active ? new Date(now).toISOString().slice(0, 10) : day(ad.end_date)));
  const last = ends.every((end) => end !== null) ? ([...ends].sort().at(-1) ?? null) : null;
  const ranDays = first && last ? Math.max(0, Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS)) : null;
  const newestAd = sorted[0];
  const title = newestAd?.title?.trim() || newestAd?.body?.trim() || 'Untitled ad';
  return {
    versions: sorted,
    live,
    newest: starts.at(-1) ?? null,
    ranDays,
    name: title.length > 60 ? `${title.slice(0, 59)}…` : title,
  };
}

/** The concepts with more than one version, most live versions first, then most versions, then newest. */
export function topConcepts<T extends LibraryAd>(ads: readonly T[], now: number, limit = 5): ConceptSummary<T>[] {
  return groupConcepts(ads)
    .filter((group) => group.length > 1)
    .map((group) => summarizeConcept(group, now))
    .sort(
      (a, b) =>
        (b.live ?? 0) - (a.live ?? 0) ||
        b.versions.length - a.versions.length ||
        (b.newest ?? '').localeCompare(a.newest ?? ''),
    )
    .slice(0, limit);
}
