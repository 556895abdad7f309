import { ErrorNotice } from '@/components/ui/error-notice';
import { ChangeShortcutsButton, FindSimilarHow, ShortcutKeys } from '@/components/ui/shortcuts';
import { useShortcuts } from '@/components/ui/use-shortcuts';
import { useSettings } from '@/components/ui/use-settings';
import { useOpenPanel } from '@/components/ui/use-open-panel';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { ConnectionForm } from './connection-form';
import { PrivacyNote } from './project-links';
import { t } from '@/lib/i18n';
import { rich } from '@/components/ui/rich';
import './options.css';
import 'virtual:adscope-english/welcome';

/**
 * The page a new user meets after installing: what Adscope does in a few lines, connecting
 * it to their workspace, opening it, and, once connected, what to try first.
 */
export function WelcomePage() {
  const settings = useSettings();
  useDocumentTitle(t('welcome.title'));
  // null: not known (the settings could not be read), which is neither connected nor not.
  const connected = settings.data ? settings.data.hasApiKey && settings.data.baseUrl !== '' : null;
  return (
    <main className="options-page welcome-page">
      <header className="welcome-header">
        <img src="/icon/128.png" alt="" width={48} height={48} />
        <h1>{t('welcome.title')}</h1>
      </header>
      <p className="welcome-lead">{t('welcome.lead')}</p>
      <ConnectionForm heading={t('welcome.connect')} />
      <OpenAdscope connected={connected} />
      {connected === true ? <TryFirst /> : null}
      <PrivacyNote />
    </main>
  );
}

/** Opens the side panel (Firefox: the sidebar) from the click, and names the shortcut that does the same. */
function OpenAdscope({ connected }: { connected: boolean | null }) {
  const shortcuts = useShortcuts();
  const open = useOpenPanel();
  return (
    <section aria-labelledby="open-heading" className="card">
      <h2 id="open-heading">{t('welcome.open.title')}</h2>
      <p>
        {shortcuts.data && !shortcuts.data.openPanel
          ? t(import.meta.env.FIREFOX ? 'welcome.open.sidebarNoKeys' : 'welcome.open.sidePanelNoKeys')
          : rich(import.meta.env.FIREFOX ? 'welcome.open.sidebar' : 'welcome.open.sidePanel', {
              keys: <ShortcutKeys keys={shortcuts.data?.openPanel} failed={shortcuts.isError} />,
            })}{' '}
        <ChangeShortcutsButton />
      </p>
      {connected === false ? <p className="muted">{t('welcome.open.connectFirst')}</p> : null}
      <button type="button" className="btn btn-primary" onClick={() => open.mutate()} disabled={open.isPending}>
        {t('welcome.open.button')}
      </button>
      {open.isError ? <ErrorNotice title={t('welcome.open.failed')} error={open.error} /> : null}
    </section>
  );
}

/** The first three things worth trying, once connected. */
function TryFirst() {
  return (
    <section aria-labelledby="try-heading" className="card">
      <h2 id="try-heading">{t('welcome.try.title')}</h2>
      <ol className="welcome-tries">
        <li>
          <strong>{t('welcome.try.similar')}</strong> {rich('welcome.try.similarHow', { how: <FindSimilarHow /> })}
        </li>
        <li>
          <strong>{t('welcome.try.search')}</strong> {rich('welcome.try.searchHow', { key: <kbd>/</kbd> })}
        </li>
        <li>
          <strong>{t('welcome.try.save')}</strong> {rich('welcome.try.saveHow', { key: <kbd>S</kbd> })}
        </li>
      </ol>
    </section>
  );
}
