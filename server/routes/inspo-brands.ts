import { FOLLOWED_WINDOW, followedSearchBodySchema } from '../../lib/contract/brand-library';
import { tokenize } from '../library-index';
import { parseWith } from '../params';
import type { Route } from '../router';
import { brandRow } from '../serialize';

export const inspoBrandRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/inspo-brands/search',
    handler: (context) => {
      const { followed } = parseWith(followedSearchBodySchema, context.body ?? {});
      const { brandIds, limit: planLimit } = context.workspace.followed;
      const terms = tokenize(followed.query);
      const matches: { id: string; locked: boolean }[] = [];
      brandIds.forEach((id, index) => {
        if (terms.length > 0) {
          const words = context.state.brandWords(id);
          if (!terms.every((term) => words.some((word) => word.startsWith(term)))) return;
        }
        matches.push({ id, locked: index >= planLimit });
      });
      const reachable = Math.min(matches.length, FOLLOWED_WINDOW);
      const end = Math.min(reachable, followed.offset + followed.limit);
      const items = matches.slice(followed.offset, end).flatMap(({ id, locked }) => {
        const brand = context.state.brand(id);
        return brand ? [brandRow(context.state, brand, context.mediaUrl, { followed: true, locked })] : [];
      });
      return {
        items,
        has_more: end < reachable,
        total: matches.length,
        quota: {
          unit: 'followed_brands',
          used: brandIds.length,
          limit: planLimit,
          remaining: Math.max(0, planLimit - brandIds.length),
          locked: Math.max(0, brandIds.length - planLimit),
        },
      };
    },
  },
];
