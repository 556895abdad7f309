import type english from './catalogues/en.json';

/** Every message's id, from the English catalogue: `t('search.emptyy')` fails the type check. */
export type MessageId = keyof typeof english;

/**
 * The area of a message id: its first segment (`popup.title` is in `popup`). A module that shows
 * an area's messages imports that area's English (`import 'virtual:adscope-english/popup'`), so
 * English travels in the chunk that shows it; a test checks every module does.
 */
export function areaOf(id: string): string {
  return id.slice(0, id.indexOf('.'));
}

/** Areas only development, e2e and bench builds ship (the demo server's words): production builds leave them out. */
export const DEMO_AREAS: readonly string[] = ['demo'];
