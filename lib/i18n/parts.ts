import type english from './catalogues/en.json';

/** Every message's id, from the English catalogue: `t('search.emptyy')` fails the type check. */
export type MessageId = keyof typeof english;

/**
 * Which areas of the catalogue each bundle carries in English (its first load). An id's area is
 * its first segment (`popup.title` is in `popup`); a surface that shows an area's message must
 * carry that area, else the demo builds report the missing message as a console error.
 */
export const CATALOGUE_PARTS = {
  popup: ['common', 'ui', 'errors', 'shortcuts', 'popup', 'jobs'],
  options: ['common', 'ui', 'errors', 'shortcuts', 'options', 'welcome'],
  panel: ['common', 'ui', 'errors', 'shortcuts', 'jobs'],
  worker: ['worker', 'errors'],
} as const satisfies Record<string, readonly string[]>;

export type CataloguePart = keyof typeof CATALOGUE_PARTS;

/** Areas only development, e2e and bench builds ship (the demo server's words): production builds leave them out. */
export const DEMO_AREAS: readonly string[] = ['demo'];

/** The area of a message id: its first segment. */
export function areaOf(id: string): string {
  return id.slice(0, id.indexOf('.'));
}
