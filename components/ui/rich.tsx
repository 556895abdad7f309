import { Fragment, type ReactNode } from 'react';
import { type MessageId, type MessageValues, t } from '@/lib/i18n';

const MARK = '\u2063';

/**
 * A message with elements in it (`<kbd>`, a link, a component): each element goes in through its
 * placeholder, so the language orders it as it orders words, and the text around it stays one
 * message: `rich(id, { keys: <kbd>Alt+Shift+S</kbd> })` for `…press {keys}…`.
 */
export function rich(id: MessageId, elements: Record<string, ReactNode>, values: MessageValues = {}): ReactNode {
  const names = Object.keys(elements);
  const marked = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`]));
  const parts = t(id, { ...values, ...marked }).split(new RegExp(`${MARK}(\\d+)${MARK}`));
  return parts.map((part, index) =>
    index % 2 === 0 ? part : <Fragment key={index}>{elements[names[Number(part)] ?? '']}</Fragment>,
  );
}
