import type { Random } from '../random';

export interface BoardSave {
  adId: string;
  savedAt: string;
  tags: string[];
}

export interface BoardRecord {
  board_id: string;
  name: string;
  parentId: string | null;
  /** Saves in the order they happened (oldest first). */
  saves: BoardSave[];
}

interface BoardPlan {
  name: string;
  size: number;
  /**
   * What it collects: ads of these sectors or niches, of this format, or showing only these
   * products (keys: every product the ad shows is one of them); any ad when not given.
   */
  pick?: { sectors?: string[]; niches?: string[]; format?: string; products?: string[] };
  children?: BoardPlan[];
}

/** What a board's plan needs to know of an ad. */
export interface SavableAd {
  id: string;
  start_date: string | null;
  display_format: string;
  /** The product keys it shows. */
  products: readonly string[];
  niche: string;
  sector: string;
}

const TAGS = ['hook', 'ugc', 'offer', 'testimonial', 'q4', 'video', 'carousel', 'competitor', 'inspiration', 'pricing'];

const PLANS: Record<string, BoardPlan[]> = {
  'Acme Outdoor': [
    { name: 'Swipe file', size: 2200 },
    {
      name: 'Competitors',
      size: 30,
      pick: { niches: ['hiking', 'camping'] },
      children: [
        {
          name: 'Outdoor',
          size: 60,
          pick: { sectors: ['Outdoor'] },
          children: [
            { name: 'Tents and camping', size: 45, pick: { niches: ['camping'] } },
            {
              name: 'Footwear',
              size: 25,
              pick: {
                niches: ['hiking', 'climbing'],
                products: ['trail-running-shoes', 'hiking-boots', 'climbing-shoes'],
              },
            },
          ],
        },
        { name: 'Coffee', size: 12, pick: { sectors: ['Coffee'] } },
      ],
    },
    {
      name: 'Inspiration',
      size: 20,
      children: [
        { name: 'Video hooks', size: 80, pick: { format: 'video' } },
        { name: 'UGC style', size: 35, pick: { format: 'video' } },
      ],
    },
    { name: 'Holiday 2026', size: 0 },
  ],
  'Northwind Coffee': [
    { name: 'Coffee competitors', size: 120, pick: { niches: ['coffee-beans'] } },
    {
      name: 'Packaging ideas',
      size: 18,
      pick: { sectors: ['Coffee', 'Food'] },
      children: [{ name: 'Labels', size: 9, pick: { sectors: ['Coffee'] } }],
    },
  ],
};

const DAY_MS = 86_400_000;

/**
 * Seeded board trees per workspace with saves spread over the year before `anchorMs`. An ad is
 * never saved before it launched: each save falls between its launch day and the anchor.
 */
export function createBoards(
  random: Random,
  workspaceName: string,
  ads: readonly SavableAd[],
  anchorMs: number,
): BoardRecord[] {
  const picked = (pick: BoardPlan['pick']) =>
    ads
      .filter(
        (ad) =>
          !pick ||
          ((!pick.sectors || pick.sectors.includes(ad.sector)) &&
            (!pick.niches || pick.niches.includes(ad.niche)) &&
            (!pick.format || ad.display_format === pick.format) &&
            (!pick.products || ad.products.every((key) => pick.products?.includes(key)))),
      )
      .map((ad) => ad.id);
  const latest = anchorMs - 60_000;
  const launchOf = new Map(ads.map((ad) => [ad.id, ad.start_date === null ? Number.NaN : Date.parse(ad.start_date)]));
  const boards: BoardRecord[] = [];
  const visit = (plan: BoardPlan, parentId: string | null) => {
    const board: BoardRecord = {
      board_id: `board-${random.uuid().slice(0, 13)}`,
      name: plan.name,
      parentId,
      saves: [],
    };
    const chosen = new Set<string>();
    // Only ads that had launched an hour before the anchor can have been saved by then.
    const savable = (adId: string) => !((launchOf.get(adId) ?? Number.NaN) > anchorMs - 2 * 3_600_000);
    const adIds = picked(plan.pick);
    while (chosen.size < plan.size) {
      const adId = adIds[random.int(0, adIds.length - 1)] ?? '';
      if (savable(adId)) chosen.add(adId);
    }
    const savedAtOf = (adId: string) => {
      const launch = launchOf.get(adId) ?? Number.NaN;
      // From an hour into the launch day (or a year back, whichever is later) up to a minute ago.
      const earliest = Math.min(
        latest,
        Math.max(anchorMs - 365 * DAY_MS, Number.isNaN(launch) ? 0 : launch + 3_600_000),
      );
      return latest - random.int(0, latest - earliest);
    };
    board.saves = [...chosen].map((adId) => ({
      adId,
      savedAt: new Date(savedAtOf(adId)).toISOString(),
      tags: random.chance(0.6)
        ? [random.pick(TAGS), ...(random.chance(0.3) ? [random.pick(TAGS)] : [])].filter(
            (t, j, all) => all.indexOf(t) === j,
          )
        : [],
    }));
    boards.push(board);
    for (const child of plan.children ?? []) visit(child, board.board_id);
  };
  for (const plan of PLANS[workspaceName] ?? []) visit(plan, null);
  return boards;
}
