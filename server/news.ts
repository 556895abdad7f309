import { z } from 'zod/mini';
import { adIdOf, type CatalogueBrand, createAd, type LibraryAdRecord } from './demo-data/catalogue';
import { Random } from './random';

const DAY_MS = 86_400_000;

/** `--news 6h` or `--news 30m:Lumen Co,Peak Labs`: every interval on the server clock, one new ad per brand. */
export interface NewsSchedule {
  everyMs: number;
  /** Names or ids; empty: the first three brands the first workspace follows. */
  brands: string[];
}

export function parseNewsOption(value: string): NewsSchedule {
  const match = /^(\d+(?:\.\d+)?)(m|h)(?::(.+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`--news must look like 6h or 30m:Brand A,Brand B, got ${value}`);
  const everyMs = Number(match[1]) * (match[2] === 'h' ? 3_600_000 : 60_000);
  if (everyMs < 60_000) throw new RangeError('--news: the interval is at least 1m');
  const brands = (match[3] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return { everyMs, brands };
}

export const launchRequestSchema = z
  .strictObject({
    /** Catalogue brand ids or exact names. */
    brands: z.optional(
      z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.minLength(1), z.maxLength(100)),
    ),
    /**
     * An ad id: the new ads are versions of it (the same landing page behind other tracking, its
     * copy with a small change), launched by its brand; `brands` is then not given.
     */
    versionsOf: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    /** New ads per brand. */
    count: z._default(z.number().check(z.int(), z.gte(1), z.lte(200)), 1),
    /** The launch date this many days before the server's day: an ad indexed late (spec 4.10). */
    launchedDaysAgo: z._default(z.number().check(z.int(), z.gte(0), z.lte(720)), 0),
  })
  .check(
    z.refine((body) => (body.brands === undefined) !== (body.versionsOf === undefined), {
      message: 'Give brands, or versionsOf (an ad id), not both.',
    }),
  );

/**
 * A version of `base`: the same copy and landing page (behind another tracking tag), in another
 * colour way of the brand's palette, as a brand scales an idea that works.
 */
export function versionOf(base: LibraryAdRecord, index: number, version: number, startDay: number): LibraryAdRecord {
  const tracking = `utm_source=ads&utm_content=v${version + 2}`;
  return {
    ...base,
    index,
    id: adIdOf(index),
    link_url: base.link_url === null ? null : `${base.link_url.split('?')[0]}?${tracking}`,
    versionOf: { adId: base.versionOf?.adId ?? base.id, tracking },
    start_date: new Date(startDay * DAY_MS).toISOString().slice(0, 10),
    end_date: null,
    creative: { ...base.creative, colorway: (base.creative.colorway + version + 1) % 3 },
  };
}

export interface LaunchedAd {
  id: string;
  brandId: string;
  brandName: string;
  startDate: string | null;
  /** When the server added it (its clock). */
  addedAt: string;
}

/**
 * Makes news in the catalogue: new ads for chosen brands, on the admin's request or on a
 * schedule on the server clock (`--news`), so the watchlist can be shown and tested finding them.
 */
export class NewsDesk {
  readonly launched: LaunchedAd[] = [];
  private random: Random;
  private ticksDone = 0;

  constructor(
    seed: number,
    private readonly schedule: NewsSchedule | null,
    private readonly startedAt: number,
  ) {
    this.random = new Random(seed).fork('news');
  }

  describe() {
    return {
      schedule: this.schedule ? { everyMs: this.schedule.everyMs, brands: this.schedule.brands } : null,
      launched: this.launched,
    };
  }

  /** Adds `count` ads to each brand, launched `launchedDaysAgo` before `now`'s day; appends to `ads`. */
  launch(
    ads: LibraryAdRecord[],
    brands: readonly CatalogueBrand[],
    count: number,
    launchedDaysAgo: number,
    now: Date,
  ): LaunchedAd[] {
    const day = Math.floor(now.getTime() / DAY_MS) - launchedDaysAgo;
    const made: LaunchedAd[] = [];
    for (const brand of brands) {
      for (let i = 0; i < count; i += 1) {
        const ad = createAd(this.random, brand, ads.length, day);
        ads.push(ad);
        made.push({
          id: ad.id,
          brandId: brand.id,
          brandName: brand.name,
          startDate: ad.start_date,
          addedAt: now.toISOString(),
        });
      }
    }
    this.launched.push(...made);
    return made;
  }

  /** Adds `count` versions of `base`, launched on `now`'s day; appends to `ads`. */
  launchVersions(ads: LibraryAdRecord[], base: LibraryAdRecord, count: number, now: Date): LaunchedAd[] {
    const day = Math.floor(now.getTime() / DAY_MS);
    const made: LaunchedAd[] = [];
    for (let version = 0; version < count; version += 1) {
      const ad = versionOf(base, ads.length, version, day);
      ads.push(ad);
      made.push({
        id: ad.id,
        brandId: ad.unified_brand_id,
        brandName: ad.brand_name,
        startDate: ad.start_date,
        addedAt: now.toISOString(),
      });
    }
    this.launched.push(...made);
    return made;
  }

  /** How many scheduled launches are due by `now` and not made yet; counts them as made. */
  due(now: number): number {
    if (!this.schedule) return 0;
    const ticks = Math.floor((now - this.startedAt) / this.schedule.everyMs);
    const due = Math.max(0, ticks - this.ticksDone);
    this.ticksDone = Math.max(this.ticksDone, ticks);
    return due;
  }

  get scheduledBrands(): string[] {
    return this.schedule?.brands ?? [];
  }
}
