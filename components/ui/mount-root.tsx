import { Fragment, type ReactNode, StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { onLanguageChange, shownLanguage } from '@/lib/i18n';
import { applyLanguageChoice, watchLanguageChoice } from '@/lib/i18n/runtime';

/**
 * The page in the shown language: a new choice in Options renders it again from the top, every
 * text and format in the new language, and tells assistive technology and line breaking which
 * language it is in.
 */
function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(onLanguageChange, shownLanguage);
  return <Fragment key={language}>{children}</Fragment>;
}

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
