import { cloneElement, isValidElement, type ReactNode, StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { onLanguageChange, shownLanguage } from '@/lib/i18n';
import { applyLanguageChoice, watchLanguageChoice } from '@/lib/i18n/runtime';
import { onLocaleChange, userLocale } from '@/lib/locale';

/**
 * The page in the shown language: a new choice renders it again from the top, every text and
 * format in the new language, in place: what the user typed, opened or asked (a form's fields, a
 * save under way, an answer on screen) stays, where mounting the page anew would drop it. The
 * page's element is given again as a copy, so React draws it and all below it again.
 */
function LanguageRoot({ children }: { children: ReactNode }) {
  useSyncExternalStore(followShown, shownWords);
  return isValidElement(children) ? cloneElement(children) : children;
}

/** The shown language's words and its dates' and numbers' locale: either may change alone. */
function followShown(listener: () => void): () => void {
  const stops = [onLanguageChange(listener), onLocaleChange(listener)];
  return () => {
    for (const stop of stops) stop();
  };
}
const shownWords = () => `${shownLanguage()} ${userLocale()}`;

/**
 * Mounts an extension page's React root in the chosen language; `frame` puts what the page
 * provides around it (a query cache, the theme's sync). The popup mounts with this alone, so
 * it carries no query cache (components/ui/mount.tsx adds it for the other pages).
 */
export async function mountRoot(element: ReactNode, frame: (page: ReactNode) => ReactNode): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const setLang = () => (document.documentElement.lang = shownLanguage());
  onLanguageChange(setLang);
  // Followed before the first catalogue loads: a choice made in Options meanwhile applies after it
  // (the newest apply wins), where listening afterwards would miss it for as long as the page is open.
  watchLanguageChoice();
  await applyLanguageChoice();
  setLang();
  createRoot(container).render(<StrictMode>{frame(<LanguageRoot>{element}</LanguageRoot>)}</StrictMode>);
}
