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
  children?: BoardPlan[];
}

const TAGS = ['hook', 'ugc', 'offer', 'testimonial', 'q4', 'video', 'carousel', 'competitor', 'inspiration', 'pricing'];

const PLANS: Record<string, BoardPlan[]> = {
  'Acme Outdoor': [
    { name: 'Swipe file', size: 2200 },
    {
      name: 'Competitors',
      size: 30,
      children: [
        {
          name: 'Outdoor',
          size: 60,
          children: [
            { name: 'Tents and camping', size: 45 },
            { name: 'Footwear', size: 25 },
          ],
        },
        { name: 'Coffee', size: 12 },
      ],
    },
    {
      name: 'Inspiration',
      size: 20,
      children: [
        { name: 'Video hooks', size: 80 },
        { name: 'UGC style', size: 35 },
      ],
    },
    { name: 'Holiday 2026', size: 0 },
  ],
  'Northwind Coffee': [
    { name: 'Coffee competitors', size: 120 },
    { name: 'Packaging ideas', size: 18, children: [{ name: 'Labels', size: 9 }] },
  ],
};

/** Seeded board trees per workspace with saves spread over the year before `anchorMs`. */
export function createBoards(
  random: Random,
  workspaceName: string,
  adIds: readonly string[],
  anchorMs: number,
): BoardRecord[] {
  const boards: BoardRecord[] = [];
  const visit = (plan: BoardPlan, parentId: string | null) => {
    const board: BoardRecord = {
      board_id: `board-${random.uuid().slice(0, 13)}`,
      name: plan.name,
      parentId,
      saves: [],
    };
    const chosen = new Set<string>();
    while (chosen.size < plan.size) chosen.add(adIds[random.int(0, adIds.length - 1)] ?? '');
    const times = [...chosen].map(() => anchorMs - random.int(60_000, 365 * 86_400_000)).sort((a, b) => a - b);
    board.saves = [...chosen].map((adId, i) => ({
      adId,
      savedAt: new Date(times[i] ?? anchorMs).toISOString(),
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
