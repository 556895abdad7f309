import { Random } from '../random';
import { type BoardRecord, createBoards } from './boards';
import { type Catalogue, createCatalogue } from './catalogue';
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

const FOLLOWED: Record<string, { count: number; limit: number }> = {
  'Acme Outdoor': { count: 1200, limit: 1150 },
  'Northwind Coffee': { count: 40, limit: 50 },
};

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
  const workspaces = createWorkspaces(random.fork('workspaces')).map((workspace) => {
    const follow = random.fork(`followed:${workspace.name}`);
    const plan = FOLLOWED[workspace.name] ?? { count: 10, limit: 10 };
    const ids = new Set<string>();
    while (ids.size < plan.count) ids.add(catalogue.brands[follow.int(0, catalogue.brands.length - 1)]?.id ?? '');
    return {
      ...workspace,
      followed: { brandIds: [...ids], limit: plan.limit },
      boards: createBoards(random.fork(`boards:${workspace.name}`), workspace.name, catalogue.ads, anchorMs),
    };
  });
  return { seed, anchorMs, workspaces, catalogue };
}

export type { BoardRecord, BoardSave } from './boards';
export type { CatalogueBrand, LibraryAdRecord } from './catalogue';
export type { OwnedBrandRecord, WorkspaceRecord } from './workspaces';
