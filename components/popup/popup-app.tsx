import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ShortcutList } from '@/components/ui/shortcuts';
import { useOpenPanel } from '@/components/ui/use-open-panel';
import { useThemeAttribute } from '@/components/ui/theme';
import { t } from '@/lib/i18n';
import { GenerationJobs } from './generation-jobs';
import { PanelNotOpened, useFindSimilarHere } from './use-find-similar-here';
import { usePopupSettings } from './use-popup-settings';
import './popup.css';
import 'virtual:adscope-english/popup';

/** The theme the settings name, on the popup's <html>. */
export function PopupTheme() {
  useThemeAttribute(usePopupSettings().data?.theme);
  return null;
}

export function PopupApp() {
  const settings = usePopupSettings();
  const findSimilar = useFindSimilarHere(() => window.close());
  const openPanel = useOpenPanel(() => window.close());
  const configured = settings.data ? settings.data.hasApiKey && settings.data.baseUrl !== '' : false;
  return (
    <main className="popup">
      <header className="popup-header">
        <h1>Adscope</h1>
        <button type="button" className="btn-link btn" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('popup.options')}
        </button>
      </header>
      {settings.data && !configured ? <p className="notice notice-warning">{t('popup.notConnected')}</p> : null}
      <div className="popup-actions">
        <button
          type="button"
          className="btn btn-primary popup-open"
          disabled={!configured || findSimilar.isPending}
          onClick={() => findSimilar.mutate()}
        >
          {t('popup.findSimilar')}
        </button>
        <button type="button" className="btn popup-open" onClick={() => openPanel.mutate()}>
          {t('popup.openPanel')}
        </button>
      </div>
      <section aria-labelledby="shortcuts-heading" className="popup-shortcuts">
        <h2 id="shortcuts-heading" className="visually-hidden">
          {t('popup.shortcuts')}
        </h2>
        <ShortcutList />
      </section>
      {findSimilar.isError ? (
        <ErrorNotice
          title={findSimilar.error instanceof PanelNotOpened ? t('popup.openFailed') : t('popup.readFailed')}
          error={findSimilar.error}
        />
      ) : null}
      {openPanel.isError ? <ErrorNotice title={t('popup.openFailed')} error={openPanel.error} /> : null}
      <section aria-labelledby="jobs-heading">
        <h2 id="jobs-heading">{t('popup.jobs')}</h2>
        <GenerationJobs />
      </section>
    </main>
  );
}
