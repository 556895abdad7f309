import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../../lib/contract/demo';
import type { Random } from '../random';

export interface OwnedBrandRecord {
  id: string;
  name: string;
  /** Parked above the plan limit: readable, but generation fails with 40301. */
  locked: boolean;
  colors: string[];
  product_context: string;
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
      { name: 'Acme Trail', context: 'Lightweight hiking gear and trail running shoes.' },
      { name: 'Acme Camp', context: 'Tents, sleeping bags and camp kitchens for families.' },
      { name: 'Acme Alpine', context: 'Technical mountaineering apparel.', locked: true },
    ],
  },
  {
    name: 'Northwind Coffee',
    apiKey: DEMO_SECOND_API_KEY,
    plan: 'free' as const,
    brands: [{ name: 'Northwind Roasters', context: 'Single-origin coffee beans, delivered weekly.' }],
  },
];

const PALETTES = [
  ['#1f6f4a', '#f2c14e', '#f7f3e9'],
  ['#22577a', '#ff7f50', '#f0f4f8'],
  ['#5b2a86', '#f15bb5', '#fef9ff'],
  ['#6b4226', '#d9a441', '#fff8ee'],
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
      colors: random.pick(PALETTES),
      product_context: brand.context,
    })),
  }));
}
