import { Random } from '../random';
import { type BoardRecord, createBoards } from './boards';
import { type Catalogue, type CatalogueBrand, createCatalogue, SHOWCASE } from './catalogue';
import { NICHE_BY_ID } from './world';
import { createWorkspaces, type WorkspaceRecord } from './workspaces';

export interface FollowedBrands {
  /** Catalogue brand ids in the order they were followed. */
  brandIds: string[];
  /** How many the plan allows; rows beyond it are locked. */
  limit: number;
}

export interface WorkspaceState extends WorkspaceRecord {
  followed: FollowedBrands;
  boards: BoardRecord[];
}

export interface DemoData {
  seed: number;
  /** The day the data was generated around (UTC midnight, ms). */
  anchorMs: number;
  workspaces: WorkspaceState[];
  catalogue: Catalogue;
}

export const DEMO_SIZES = { brands: 2400, ads: 24_000 } as const;

/** How many brands each workspace follows, its plan's limit, and the niches it followed first (its rivals). */
const FOLLOWED: Record<string, { count: number; limit: number; rivals: string[] }> = {
  'Acme Outdoor': { count: 1200, limit: 1150, rivals: [SHOWCASE.niche, 'camping', 'snow', 'climbing'] },
  'Northwind Coffee': { count: 40, limit: 50, rivals: ['coffee-beans', 'cold-brew', 'coffee-gear'] },
};

/** Rivals first (the demo category's brands first of all, then by niche), then brands from all over. */
function followOrder(brands: readonly CatalogueBrand[], rivals: readonly string[]): CatalogueBrand[] {
  const rank = (brand: CatalogueBrand) => {
    const niche = rivals.indexOf(brand.niche);
    if (niche < 0) return Number.POSITIVE_INFINITY;
    return niche * 2 + (brand.markets[0] === SHOWCASE.market ? 0 : 1);
  };
  return brands.filter((brand) => rank(brand) !== Number.POSITIVE_INFINITY).sort((a, b) => rank(a) - rank(b));
}

/**
 * Builds all demo data from one seed and the server's day: the same seed and day always
 * give the same data. Each area draws from its own fork of the generator.
 */
export function createDemoData(seed: number, now: Date): DemoData {
  const random = new Random(seed);
  const anchorMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const catalogue = createCatalogue(random.fork('catalogue'), {
    brandCount: DEMO_SIZES.brands,
    adCount: DEMO_SIZES.ads,
    anchorDay: Math.floor(anchorMs / 86_400_000),
  });
  const brandOf = new Map(catalogue.brands.map((brand) => [brand.id, brand]));
  const savable = catalogue.ads.map((ad) => {
    const niche = brandOf.get(ad.unified_brand_id)?.niche ?? '';
    return {
      id: ad.id,
      start_date: ad.start_date,
      display_format: ad.display_format,
      products: ad.products,
      niche,
      sector: NICHE_BY_ID.get(niche)?.sector ?? '',
    };
  });
  const workspaces = createWorkspaces(random.fork('workspaces')).map((workspace) => {
    const follow = random.fork(`followed:${workspace.name}`);
    const plan = FOLLOWED[workspace.name] ?? { count: 10, limit: 10, rivals: [] };
    const ids = new Set<string>();
    for (const brand of followOrder(catalogue.brands, plan.rivals)) {
      if (ids.size >= Math.min(plan.count, 60)) break;
      ids.add(brand.id);
    }
    while (ids.size < plan.count) ids.add(catalogue.brands[follow.int(0, catalogue.brands.length - 1)]?.id ?? '');
    return {
      ...workspace,
      followed: { brandIds: [...ids], limit: plan.limit },
      boards: createBoards(random.fork(`boards:${workspace.name}`), workspace.name, savable, anchorMs),
    };
  });
  return { seed, anchorMs, workspaces, catalogue };
}

export type { BoardRecord, BoardSave } from './boards';
export type { CatalogueBrand, LibraryAdRecord } from './catalogue';
export type { OwnedBrandRecord, WorkspaceRecord } from './workspaces';
