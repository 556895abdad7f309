import type { BoardRecord } from '../../server/demo-data/boards';

/**
 * A top-level board of the given ads, saved a minute apart from 1 Jan 2026 in their order (so
 * newest saved first lists them last to first); `tags` gives an ad its tags by position.
 */
export function boardOf(
  id: string,
  name: string,
  ads: readonly { id: string }[],
  tags: (index: number) => string[] = () => [],
): BoardRecord {
  return {
    board_id: id,
    name,
    parentId: null,
    saves: ads.map((ad, index) => ({
      adId: ad.id,
      savedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      tags: tags(index),
    })),
  };
}
