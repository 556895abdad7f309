import type { CatalogueBrand } from '../demo-data';
import { notFound } from '../envelope';
import { tokenize } from '../library-index';
import { optionalString, uuidValue } from '../params';
import type { Route, RouteContext } from '../router';
import { brandRow } from '../serialize';
import { cursorPage, searchLibrary } from './ad-library';

function followState(context: RouteContext) {
  const { brandIds, limit } = context.workspace.followed;
  const position = new Map(brandIds.map((id, index) => [id, index]));
  return (id: string) => {
    const at = position.get(id);
    return at === undefined ? { followed: false } : { followed: true, locked: at >= limit };
  };
}

function findBrand(context: RouteContext): CatalogueBrand {
  const id = uuidValue('brand_id', context.params.brand_id ?? '');
  const brand = context.state.brand(id);
  if (!brand) throw notFound(`No catalogue brand ${id}.`);
  return brand;
}

/** Catalogue search: every query word must prefix a word of the name or domain; exact names first. */
function matchBrands(
  brands: readonly CatalogueBrand[],
  text: string,
  adCount: (id: string) => number,
  wordsOf: (id: string) => readonly string[],
): CatalogueBrand[] {
  const terms = tokenize(text);
  const scored: { brand: CatalogueBrand; score: number }[] = [];
  for (const brand of brands) {
    const words = wordsOf(brand.id);
    if (!terms.every((term) => words.some((word) => word.startsWith(term)))) continue;
    const name = brand.name.toLowerCase();
    const score = name === text.trim().toLowerCase() ? 2 : name.startsWith(text.trim().toLowerCase()) ? 1 : 0;
    scored.push({ brand, score });
  }
  scored.sort(
    (a, b) => b.score - a.score || adCount(b.brand.id) - adCount(a.brand.id) || (a.brand.name < b.brand.name ? -1 : 1),
  );
  return scored.map((entry) => entry.brand);
}

export const brandLibraryRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/brand-library/search',
    handler: (context) => {
      const text = optionalString(context.query, 'query', 100) ?? '';
      const adCount = (id: string) => context.state.library.adsOfBrand(id).length;
      const matches = matchBrands(context.state.data.catalogue.brands, text, adCount, (id) =>
        context.state.brandWords(id),
      );
      const follow = followState(context);
      const { slice, cursor } = cursorPage(context, matches, `brands:${text}`, 20);
      return {
        items: slice.map((brand) => brandRow(context.state, brand, context.mediaUrl, follow(brand.id))),
        cursor,
      };
    },
  },
  {
    method: 'GET',
    pattern: '/brand-library/followed',
    handler: (context) => {
      const { brandIds, limit } = context.workspace.followed;
      const rows = brandIds.map((id, index) => ({ id, locked: index >= limit }));
      const { slice, cursor } = cursorPage(context, rows, `followed:${context.workspace.id}`, 50);
      return {
        items: slice.flatMap(({ id, locked }) => {
          const brand = context.state.brand(id);
          return brand ? [brandRow(context.state, brand, context.mediaUrl, { followed: true, locked })] : [];
        }),
        cursor,
      };
    },
  },
  {
    method: 'GET',
    pattern: '/brand-library/:brand_id',
    handler: (context) => {
      const brand = findBrand(context);
      const ads = context.state.library.adsOfBrand(brand.id).map((index) => context.state.data.catalogue.ads[index]);
      const formats: Record<string, number> = {};
      const languages: Record<string, number> = {};
      for (const ad of ads) {
        if (!ad) continue;
        formats[ad.display_format] = (formats[ad.display_format] ?? 0) + 1;
        languages[ad.language] = (languages[ad.language] ?? 0) + 1;
      }
      return brandRow(context.state, brand, context.mediaUrl, {
        ...followState(context)(brand.id),
        description: brand.description,
        first_seen: brand.firstSeen,
        formats,
        languages,
      });
    },
  },
  {
    method: 'GET',
    pattern: '/brand-library/:brand_id/ads',
    handler: (context) => searchLibrary(context, findBrand(context).id),
  },
];
