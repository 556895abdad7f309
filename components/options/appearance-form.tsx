import { ChangeFailed } from './change-failed';
import { useSettings } from '@/components/ui/use-settings';
import { type MessageId, t } from '@/lib/i18n';
import type { Settings } from '@/lib/storage/settings';
import { LanguageForm } from './language-form';
import { useThemeChoice } from './use-options';
import 'virtual:adscope-english/options';

const THEMES: { value: Settings['theme']; label: MessageId }[] = [
  { value: 'system', label: 'options.theme.system' },
  { value: 'light', label: 'options.theme.light' },
  { value: 'dark', label: 'options.theme.dark' },
];

export function AppearanceForm() {
  const settings = useSettings();
  const setTheme = useThemeChoice();
  const current = settings.data?.theme ?? 'system';
  return (
    <section aria-labelledby="appearance-heading" className="card">
      <h2 id="appearance-heading">{t('options.appearance.title')}</h2>
      <LanguageForm />
      <fieldset className="theme-choices">
        <legend>{t('options.theme.label')}</legend>
        {THEMES.map((theme) => (
          <label key={theme.value}>
            <input
              type="radio"
              name="theme"
              value={theme.value}
              checked={current === theme.value}
              onChange={() => setTheme.mutate(theme.value)}
            />{' '}
            {t(theme.label)}
          </label>
        ))}
      </fieldset>
      {setTheme.isError ? <ChangeFailed title={t('options.theme.failed')} error={setTheme.error} /> : null}
    </section>
  );
}
