import { useEffect, useRef } from 'react';
import { ChangeFailed } from './change-failed';
import { useSettings } from '@/components/ui/use-settings';
import { DEMO_BUILD } from '@/lib/build-mode';
import { t } from '@/lib/i18n';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  languageForBrowser,
  type LanguageChoice,
  PSEUDO_LANGUAGE,
  type ShownLanguage,
} from '@/lib/i18n/languages';
import { useLanguageChoice } from './use-options';
import 'virtual:adscope-english/options';

/** The languages offered: the browser's, each catalogue, and the pseudo-language where the build ships it. */
const CHOICES: readonly ShownLanguage[] = DEMO_BUILD ? [...LANGUAGES, PSEUDO_LANGUAGE] : LANGUAGES;

export function LanguageForm() {
  const settings = useSettings();
  const choose = useLanguageChoice();
  const select = useRef<HTMLSelectElement>(null);
  /** The choice is disabled while it is stored, which takes the focus away: it gets it back after. */
  const refocus = useRef(false);
  useEffect(() => {
    if (choose.isPending || !refocus.current) return;
    refocus.current = false;
    select.current?.focus();
  }, [choose.isPending]);
  const browserLanguage = LANGUAGE_NAMES[languageForBrowser(navigator.languages)];
  return (
    <div className="field language-choice">
      <label htmlFor="language-choice">{t('options.language.label')}</label>
      <select
        id="language-choice"
        ref={select}
        aria-describedby="language-choice-hint"
        value={settings.data?.language ?? 'auto'}
        disabled={!settings.data || choose.isPending}
        onChange={(event) => {
          refocus.current = true;
          choose.mutate(event.target.value as LanguageChoice);
        }}
      >
        <option value="auto">{t('options.language.browser', { language: browserLanguage })}</option>
        {CHOICES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <span id="language-choice-hint" className="field-hint">
        {t('options.language.hint')}
      </span>
      {choose.isError ? <ChangeFailed title={t('options.language.failed')} error={choose.error} /> : null}
    </div>
  );
}
