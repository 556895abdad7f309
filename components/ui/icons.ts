/**
 * The one icon set (lucide), drawn by CSS: an element with the classes `icon icon-<name>` shows
 * the icon as the mask of its `::before`, in the current colour, with no node of its own.
 * `assets/styles/icons.css` is derived from lucide by `npm run derive:icons`. Icons are
 * decoration: each control that shows one also has an accessible name, and an icon-only one a
 * tooltip.
 */
export const ICON_NAMES = [
  'search',
  'boards',
  'accounts',
  'generate',
  'brands',
  'saved',
  'similar',
  'workspace',
  'save',
  'new',
  'watch',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** The classes that draw an icon before an element's content. */
export function iconClass(name: IconName): string {
  return `icon icon-${name}`;
}
