import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../../lib/contract/demo';
import type { Random } from '../random';

export interface OwnedBrandRecord {
  id: string;
  name: string;
  /** Parked above the plan limit: readable, but generation fails with 40301. */
  locked: boolean;
  colors: string[];
  product_context: string;
  /** The niche it sells in (server/demo-data/world.ts): its ad accounts' products and its pictures follow it. */
  niche: string;
}

export interface WorkspaceRecord {
  id: string;
  name: string;
  apiKey: string;
  plan: 'free' | 'pro';
  ownedBrands: OwnedBrandRecord[];
}

const WORKSPACES = [
  {
    name: 'Acme Outdoor',
    apiKey: DEMO_API_KEY,
    plan: 'pro' as const,
    brands: [
      {
        name: 'Acme Trail',
        context: 'Lightweight hiking gear and trail running shoes.',
        niche: 'hiking',
        colors: ['#1f4d3a', '#f28c28', '#f3f7f2'],
      },
      {
        name: 'Acme Camp',
        context: 'Tents, sleeping bags and camp kitchens for families.',
        niche: 'camping',
        colors: ['#3b2f1e', '#e9b949', '#fbf6ea'],
      },
      {
        name: 'Acme Alpine',
        context: 'Technical mountaineering apparel.',
        niche: 'snow',
        colors: ['#16324f', '#4fb3d9', '#eef6fb'],
        locked: true,
      },
    ],
  },
  {
    name: 'Northwind Coffee',
    apiKey: DEMO_SECOND_API_KEY,
    plan: 'free' as const,
    brands: [
      {
        name: 'Northwind Roasters',
        context: 'Single-origin coffee beans, delivered weekly.',
        niche: 'coffee-beans',
        colors: ['#4a2c1d', '#d9a441', '#fff8ee'],
      },
    ],
  },
];

export function createWorkspaces(random: Random): WorkspaceRecord[] {
  return WORKSPACES.map((workspace) => ({
    id: random.uuid(),
    name: workspace.name,
    apiKey: workspace.apiKey,
    plan: workspace.plan,
    ownedBrands: workspace.brands.map((brand) => ({
      id: random.uuid(),
      name: brand.name,
      locked: 'locked' in brand && brand.locked === true,
      colors: [...brand.colors],
      product_context: brand.context,
      niche: brand.niche,
    })),
  }));
}
