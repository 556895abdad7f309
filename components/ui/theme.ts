import { useEffect } from 'react';
import { useSettings } from './use-settings';

/** Applies the user's theme choice to <html>; "system" leaves it to prefers-color-scheme. */
export function useThemeAttribute(): void {
  const theme = useSettings().data?.theme;
  useEffect(() => {
    const root = document.documentElement;
    if (!theme || theme === 'system') root.removeAttribute('data-theme');
    else root.dataset.theme = theme;
  }, [theme]);
}
