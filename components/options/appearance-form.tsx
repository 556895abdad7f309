import { ErrorNotice } from '@/components/ui/error-notice';
import { useSettings } from '@/components/ui/use-settings';
import type { Settings } from '@/lib/storage/settings';
import { LanguageForm } from './language-form';
import { useThemeChoice } from './use-options';

const THEMES: { value: Settings['theme']; label: string }[] = [
  { value: 'system', label: 'Match the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceForm() {
  const settings = useSettings();
  const setTheme = useThemeChoice();
  const current = settings.data?.theme ?? 'system';
  return (
    <section aria-labelledby="appearance-heading" className="card">
      <h2 id="appearance-heading">Appearance</h2>
      <LanguageForm />
      <fieldset className="theme-choices">
        <legend>Theme</legend>
        {THEMES.map((theme) => (
          <label key={theme.value}>
            <input
              type="radio"
              name="theme"
              value={theme.value}
              checked={current === theme.value}
              onChange={() => setTheme.mutate(theme.value)}
            />{' '}
            {theme.label}
          </label>
        ))}
      </fieldset>
      {setTheme.isError ? <ErrorNotice title="Could not change the theme" error={setTheme.error} /> : null}
    </section>
  );
}
