import type { PanelSnapshot } from '../../components/sidepanel/picture';
import { PANEL_PICTURE_KEY } from '../../components/ui/page-caches';

/** The clock the picture tests read their pictures at. */
export const PICTURE_NOW = Date.UTC(2026, 10, 22, 12);

/**
 * Stores a picture of the panel (current version, a second old, no stylesheet unless given) in
 * the page's storage; any field may be given as a tampered picture would hold it.
 */
export function storePicture(fields: { [Field in keyof PanelSnapshot]?: unknown } = {}): void {
  localStorage.setItem(
    PANEL_PICTURE_KEY,
    JSON.stringify({ v: 4, savedAt: PICTURE_NOW - 1000, theme: null, styles: [], css: [], nodes: [], ...fields }),
  );
}

/**
 * Runs `run` with document.head.append keeping stylesheet links out of the document (happy-dom
 * would load or fail them at once), and returns those links and every node appended, in order.
 */
export function withLinksKept(run: () => void): { links: HTMLLinkElement[]; appended: Node[] } {
  const links: HTMLLinkElement[] = [];
  const appended: Node[] = [];
  const append = document.head.append.bind(document.head);
  document.head.append = (...nodes: (Node | string)[]) => {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      appended.push(node);
      if (node instanceof HTMLLinkElement) links.push(node);
      else append(node);
    }
  };
  try {
    run();
  } finally {
    document.head.append = append;
  }
  return { links, appended };
}
