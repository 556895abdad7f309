import { useEffect } from 'react';

/**
 * The tab's title in the language shown: set at every draw, and a page is drawn again in place
 * when the language changes (mount-root.tsx), so the title follows it with the rest of the page.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  });
}
