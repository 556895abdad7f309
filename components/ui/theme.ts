import { useEffect } from 'react';

/** Applies the user's theme choice to <html>; "system" (or none yet) leaves it to prefers-color-scheme. */
export function useThemeAttribute(theme: string | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!theme || theme === 'system') root.removeAttribute('data-theme');
    else root.dataset.theme = theme;
  }, [theme]);
}
