import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/panel';

/** Shown instead of data views until a base URL and key are saved. */
export function SetupPrompt() {
  return (
    <div className="empty-state">
      <h2>{t('panel.setup.title')}</h2>
      <p>{t('panel.setup.body')}</p>
      <button type="button" className="btn btn-primary" onClick={() => void browser.runtime.openOptionsPage()}>
        {t('panel.setup.open')}
      </button>
    </div>
  );
}
