import { GenerateIcon, SaveIcon, SimilarIcon } from './icons';

/** Icons repeated on every ad card, drawn once per page. */
const SPRITE = { save: SaveIcon, similar: SimilarIcon, generate: GenerateIcon } as const;
export type SpriteName = keyof typeof SPRITE;

/**
 * The card icons as one hidden SVG sprite, rendered once by the page. A card then draws each
 * icon with two nodes (`<svg><use>`) instead of a dozen, which keeps a long list light.
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="icon-sprite">
      {Object.entries(SPRITE).map(([name, Icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Icon size={24} />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon of the sprite; decoration only (the control that shows it carries the name). */
export function SpriteIcon({ name, size = 16 }: { name: SpriteName; size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} className="sprite-icon">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
