import { formatUtcDay } from '../lib/contract/window';
import type { OwnedBrandRecord, WorkspaceState } from './demo-data';
import { NICHE_BY_ID, type Niche, NICHES } from './demo-data/world';
import { hashText, Random } from './random';

/** The base figures kept per ad per UTC day; every metric is computed from them over a window. */
export interface DailyRow {
  impressions: number;
  clicks: number;
  /** Currency units, two decimals. */
  spend: number;
  conversions: number;
  purchaseValue: number;
  videoViews: number;
  newsletterSignups: number;
  wishlistAdds: number;
  engagementScore: number;
}
type BaseKey = keyof DailyRow;

export interface MetricDefinition {
  id: string;
  name: string;
  kind: 'standard' | 'custom_conversion' | 'custom_event' | 'custom_metric';
  format: 'currency' | 'number' | 'percent' | 'ratio';
  /** A sum of a base figure, or a ratio of two sums (null when the denominator is 0). */
  compute: { sum: BaseKey } | { ratio: [BaseKey, BaseKey]; scale?: number };
}

const METRICS: MetricDefinition[] = [
  { id: 'spend', name: 'Amount spent', kind: 'standard', format: 'currency', compute: { sum: 'spend' } },
  { id: 'impressions', name: 'Impressions', kind: 'standard', format: 'number', compute: { sum: 'impressions' } },
  { id: 'clicks', name: 'Clicks', kind: 'standard', format: 'number', compute: { sum: 'clicks' } },
  {
    id: 'ctr',
    name: 'Click-through rate',
    kind: 'standard',
    format: 'percent',
    compute: { ratio: ['clicks', 'impressions'], scale: 100 },
  },
  { id: 'cpc', name: 'Cost per click', kind: 'standard', format: 'currency', compute: { ratio: ['spend', 'clicks'] } },
  {
    id: 'cpm',
    name: 'Cost per 1,000 impressions',
    kind: 'standard',
    format: 'currency',
    compute: { ratio: ['spend', 'impressions'], scale: 1000 },
  },
  { id: 'conversions', name: 'Conversions', kind: 'standard', format: 'number', compute: { sum: 'conversions' } },
  {
    id: 'cost_per_conversion',
    name: 'Cost per conversion',
    kind: 'standard',
    format: 'currency',
    compute: { ratio: ['spend', 'conversions'] },
  },
  {
    id: 'purchase_value',
    name: 'Purchase value',
    kind: 'standard',
    format: 'currency',
    compute: { sum: 'purchaseValue' },
  },
  {
    id: 'roas',
    name: 'Return on ad spend',
    kind: 'standard',
    format: 'ratio',
    compute: { ratio: ['purchaseValue', 'spend'] },
  },
  { id: 'video_views', name: 'Video views (3 s)', kind: 'standard', format: 'number', compute: { sum: 'videoViews' } },
  {
    id: 'custom_conversion.newsletter_signup',
    name: 'Newsletter sign-up',
    kind: 'custom_conversion',
    format: 'number',
    compute: { sum: 'newsletterSignups' },
  },
  {
    id: 'custom_event.add_to_wishlist',
    name: 'Add to wishlist',
    kind: 'custom_event',
    format: 'number',
    compute: { sum: 'wishlistAdds' },
  },
  {
    id: 'custom_metric.engagement_score',
    name: 'Engagement score',
    kind: 'custom_metric',
    format: 'number',
    compute: { sum: 'engagementScore' },
  },
];

/** Always returned, on top of which a request adds up to 20 (an assumption: the default set is not shown). */
export const DEFAULT_METRICS = ['spend', 'impressions', 'clicks', 'ctr', 'cpc'] as const;

export type Platform = 'meta' | 'google';
/** The platform with the smaller ranking set answers 40001 with this list for anything else. */
export const GOOGLE_RANKABLE = ['spend', 'impressions', 'clicks', 'ctr', 'cpc', 'conversions'] as const;

export interface AccountAd {
  platformAdId: string;
  name: string;
  status: 'active' | 'paused';
  format: 'image' | 'video';
  title: string;
  body: string;
  callToAction: string;
  linkUrl: string;
  /** Which of its workspace's owned brands it advertises, and the product (a key of that brand's niche). */
  brandIndex: number;
  productKey: string;
  /** The creative's layout (server/media.ts). */
  layout: number;
  /** First and last day with delivery (inclusive). */
  firstDay: string;
  lastDay: string;
  videos: { videoId: string; durationSeconds: number; transcript: string }[];
  /** Base figures by UTC day. */
  rows: Map<string, DailyRow>;
  /** What a day's figures are drawn from: a running ad delivers each new day the clock reaches. */
  delivery: Delivery;
}

interface Delivery {
  /** Daily budget, in currency units. */
  budget: number;
  /** How well it converts attention (0.4 to 2). */
  quality: number;
  format: 'image' | 'video';
}

export interface AdAccount {
  id: string;
  name: string;
  platform: Platform;
  currency: string;
  workspaceId: string;
  ads: AccountAd[];
  catalogue: MetricDefinition[];
  /** Videos whose transcript is cached, and the credits charged when one is made. */
  transcripts: Map<string, { text: string; language: string; createdAt: string }>;
}

/** Days of history behind every account. */
export const HISTORY_DAYS = 200;
/** The most recent days keep settling: their figures move when re-read later. */
export const SETTLING_DAYS = 3;
export const TRANSCRIPT_CREDITS = 2;

/** What an owned brand's videos say besides its copy: where its products were tried. */
const FIELD_NOTES: Record<string, string[]> = {
  hiking: ['We took it out in wind and rain on a three-day ridge walk, and it came back asking for more.'],
  camping: ['We pitched it in wind and rain on an exposed hillside, and everyone slept dry.'],
  snow: ['We tested it in snow, wind and freezing rain, all winter long.'],
  'coffee-beans': ['We roast on Monday, and it is in your cup by Thursday.'],
};
const CTAS = ['SHOP_NOW', 'LEARN_MORE', 'SIGN_UP', 'GET_OFFER'];

const DAY_MS = 86_400_000;
/** Days as integers since the epoch: the daily loops run over thousands of rows, so no date parsing in them. */
const epochDay = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayString = (epoch: number) => new Date(epoch * DAY_MS).toISOString().slice(0, 10);
const shiftDay = (day: string, delta: number) => dayString(epochDay(day) + delta);

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** One day's figures of an ad, drawn from `random`; null for a day it delivered nothing (paused, budget out). */
function dailyRow(random: Random, { budget, quality, format }: Delivery): DailyRow | null {
  // Some days deliver nothing: no row, so a window of only those reads null.
  if (random.chance(0.06)) return null;
  const spend = round(budget * (0.6 + random.next() * 0.8), 2);
  const impressions = Math.round(spend * (80 + random.next() * 60));
  const clicks = Math.round(impressions * 0.012 * quality * (0.7 + random.next() * 0.6));
  const conversions = Math.round(clicks * 0.04 * quality * random.next() * 2);
  return {
    impressions,
    clicks,
    spend,
    conversions,
    purchaseValue: round(conversions * (35 + random.next() * 60), 2),
    videoViews: format === 'video' ? Math.round(impressions * (0.2 + random.next() * 0.2)) : 0,
    newsletterSignups: Math.round(clicks * 0.02 * random.next()),
    wishlistAdds: Math.round(clicks * 0.05 * random.next()),
    engagementScore: round(quality * 10 * random.next(), 1),
  };
}

function createAds(
  random: Random,
  account: { platform: Platform; accountName: string },
  today: string,
  brands: readonly OwnedBrandRecord[],
): AccountAd[] {
  const ads: AccountAd[] = [];
  const count = 36 + random.int(0, 8);
  for (let i = 0; i < count; i += 1) {
    const brandIndex = random.int(0, Math.max(0, brands.length - 1));
    const owner = brands[brandIndex];
    const niche = NICHE_BY_ID.get(owner?.niche ?? '') ?? (NICHES[0] as Niche);
    const item = random.pick(niche.products);
    const product = item.names.en;
    const angle = capitalise(random.pick(niche.benefits.en));
    const format: Delivery['format'] = random.chance(0.35) ? 'video' : 'image';
    const firstDay = shiftDay(today, -random.int(2, HISTORY_DAYS));
    const lastOffset = random.chance(0.3) ? random.int(1, 120) : 0;
    const lastDay = shiftDay(today, -Math.max(1, lastOffset));
    const platformAdId =
      account.platform === 'meta'
        ? `2385${random.int(10_000_000, 99_999_999)}${i.toString().padStart(3, '0')}`
        : `gads-${random.int(100_000, 999_999)}-${i}`;
    const quality = 0.4 + random.next() * 1.6;
    const budget = 20 + random.next() * 180;
    const rows = new Map<string, DailyRow>();
    if (firstDay <= lastDay) {
      for (let epoch = epochDay(firstDay); epoch <= epochDay(lastDay); epoch += 1) {
        const row = dailyRow(random, { budget, quality, format });
        if (row) rows.set(dayString(epoch), row);
      }
    }
    const claim = capitalise(random.pick(niche.benefits.en.filter((benefit) => benefit !== angle.toLowerCase())));
    const offer = random.pick(['Free delivery.', 'Members save 20%.', 'Two-year warranty.']);
    const title = `${angle}: the ${product}`;
    const body = `Our ${product}: ${claim.toLowerCase()}. ${offer}`;
    const field = random.pick(FIELD_NOTES[niche.id] ?? ['We made it for the way you really use it.']);
    const videos =
      format === 'video'
        ? Array.from({ length: random.int(1, 2) }, (_, v) => ({
            videoId: `vid-${platformAdId}-${v + 1}`,
            durationSeconds: random.int(6, 45),
            // What the ad's copy says about its product, spoken: the product, its claims, the offer.
            transcript: `Meet the ${product} from ${owner?.name ?? account.accountName}. ${angle}. ${claim}. ${field} ${offer} Tap to see the ${product}.`,
          }))
        : [];
    ads.push({
      platformAdId,
      name: `${capitalise(product)} · ${angle} · ${format === 'video' ? 'Video' : 'Image'} ${i + 1}`,
      status: lastOffset === 0 ? 'active' : 'paused',
      format,
      title,
      body,
      callToAction: random.pick(CTAS),
      linkUrl: `https://${(owner?.name ?? 'shop').toLowerCase().replace(/[^a-z0-9]+/g, '')}.example/products/${item.key}`,
      brandIndex,
      productKey: item.key,
      layout: random.int(0, 2),
      firstDay,
      lastDay,
      videos,
      rows,
      delivery: { budget, quality, format },
    });
  }
  return ads;
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const ACCOUNTS: Record<string, { name: string; platform: Platform; currency: string }[]> = {
  'Acme Outdoor': [
    { name: 'Acme Outdoor · Meta', platform: 'meta', currency: 'EUR' },
    { name: 'Acme Outdoor · Google Ads', platform: 'google', currency: 'EUR' },
  ],
  'Northwind Coffee': [{ name: 'Northwind · Meta', platform: 'meta', currency: 'USD' }],
};

/** Each workspace's ad accounts with 200 days of seeded daily rows per ad, ending yesterday (see deliverThrough). */
export function createAdAccounts(seed: number, workspaces: readonly WorkspaceState[], now: Date): AdAccount[] {
  const today = formatUtcDay(now);
  const accounts: AdAccount[] = [];
  for (const workspace of workspaces) {
    for (const spec of ACCOUNTS[workspace.name] ?? []) {
      const random = new Random(seed).fork(`accounts:${spec.name}`);
      const ads = createAds(random, { platform: spec.platform, accountName: spec.name }, today, workspace.ownedBrands);
      const account: AdAccount = {
        id: random.uuid(),
        name: spec.name,
        platform: spec.platform,
        currency: spec.currency,
        workspaceId: workspace.id,
        ads,
        catalogue: spec.platform === 'meta' ? METRICS : METRICS.filter((metric) => metric.kind === 'standard'),
        transcripts: new Map(),
      };
      // Half the videos already have a transcript in the cache, made in the 36 hours before now
      // (after the ad's first delivery, which is two days ago at the latest).
      for (const ad of ads) {
        for (const video of ad.videos) {
          if (random.chance(0.5)) {
            const minutesAgo = 60 + (hashText(video.videoId) % (35 * 60));
            account.transcripts.set(video.videoId, {
              text: video.transcript,
              language: 'en',
              createdAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
            });
          }
        }
      }
      accounts.push(account);
    }
  }
  return accounts;
}

/**
 * Moves the accounts to the day of `now`: each running ad delivers every day from the day its
 * account was built (`builtOn`) up to yesterday, with figures seeded by the ad and the day, so
 * they are the same whenever they are read; a clock set back drops those days again. Days
 * before `builtOn` never change.
 */
export function deliverThrough(accounts: readonly AdAccount[], builtOn: string, now: Date): void {
  const yesterday = epochDay(formatUtcDay(now)) - 1;
  const builtThrough = epochDay(builtOn) - 1;
  for (const account of accounts) {
    for (const ad of account.ads) {
      if (ad.status !== 'active') continue;
      for (let epoch = builtThrough + 1; epoch <= epochDay(ad.lastDay); epoch += 1) {
        if (epoch > yesterday) ad.rows.delete(dayString(epoch));
      }
      for (let epoch = builtThrough + 1; epoch <= yesterday; epoch += 1) {
        const day = dayString(epoch);
        if (ad.rows.has(day)) continue;
        const row = dailyRow(new Random(hashText(`${ad.platformAdId}:${day}`)), ad.delivery);
        if (row) ad.rows.set(day, row);
      }
      ad.lastDay = dayString(Math.max(builtThrough, yesterday));
    }
  }
}

/**
 * A day's figures as read at `readAt`: settled days are stored values; the last three days
 * still move (by up to 15 %, changing every hour of the server clock), as real platforms do.
 */
export function rowAsRead(row: DailyRow, day: string, today: string, readAt: Date, key: string): DailyRow {
  const age = epochDay(today) - epochDay(day);
  if (age > SETTLING_DAYS) return row;
  const hour = Math.floor(readAt.getTime() / 3_600_000);
  const random = new Random(hashText(`${key}:${day}:${hour}`));
  const factor = 0.85 + random.next() * 0.15;
  const scaled: DailyRow = { ...row };
  for (const name of Object.keys(row) as BaseKey[]) {
    scaled[name] =
      name === 'spend' || name === 'purchaseValue' || name === 'engagementScore'
        ? round(row[name] * factor, 2)
        : Math.round(row[name] * factor);
  }
  return scaled;
}

/** Sums an ad's rows over a window as read now; null when it delivered nothing in the window. */
export function sumRows(
  ad: AccountAd,
  dateStart: string,
  dateStop: string,
  today: string,
  readAt: Date,
): DailyRow | null {
  let total: DailyRow | null = null;
  for (let epoch = epochDay(dateStart); epoch <= epochDay(dateStop); epoch += 1) {
    const day = dayString(epoch);
    const stored = ad.rows.get(day);
    if (!stored) continue;
    const row = rowAsRead(stored, day, today, readAt, ad.platformAdId);
    total ??= {
      impressions: 0,
      clicks: 0,
      spend: 0,
      conversions: 0,
      purchaseValue: 0,
      videoViews: 0,
      newsletterSignups: 0,
      wishlistAdds: 0,
      engagementScore: 0,
    };
    for (const name of Object.keys(row) as BaseKey[]) total[name] += row[name];
  }
  if (total) {
    total.spend = round(total.spend, 2);
    total.purchaseValue = round(total.purchaseValue, 2);
    total.engagementScore = round(total.engagementScore, 1);
  }
  return total;
}

export function addRows(a: DailyRow | null, b: DailyRow | null): DailyRow | null {
  if (!a) return b;
  if (!b) return a;
  const sum = { ...a };
  for (const name of Object.keys(b) as BaseKey[]) sum[name] = round(sum[name] + b[name], 2);
  return sum;
}

/** A metric's value over summed rows: null for no data, or a ratio over zero. */
export function metricValue(metric: MetricDefinition, rows: DailyRow | null): number | null {
  if (!rows) return null;
  if ('sum' in metric.compute) return rows[metric.compute.sum];
  const [top, bottom] = metric.compute.ratio;
  if (rows[bottom] === 0) return null;
  return round((rows[top] / rows[bottom]) * (metric.compute.scale ?? 1), 4);
}
