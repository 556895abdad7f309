import { useOpenShortcutSettings, useShortcuts } from './use-shortcuts';
import { t } from '@/lib/i18n';
import { rich } from './rich';
import './shortcuts.css';
import 'virtual:adscope-english/shortcuts';

/** One shortcut in words: its keys, that none is set, or that the browser did not say. */
export function ShortcutKeys({ keys, failed = false }: { keys: string | null | undefined; failed?: boolean }) {
  if (failed) return <span className="muted">{t('shortcuts.unknown')}</span>;
  if (keys === undefined) return <span className="muted">…</span>;
  return keys ? <kbd>{keys}</kbd> : <span className="muted">{t('shortcuts.none')}</span>;
}

/** "right-click and choose Find similar ads, press Alt+Shift+S, or use the toolbar button", with the user's key. */
export function FindSimilarHow() {
  const keys = useShortcuts().data?.findSimilar;
  return keys ? rich('shortcuts.findSimilarHow', { keys: <kbd>{keys}</kbd> }) : t('shortcuts.findSimilarHowNoKeys');
}

/** The browser's page where the user picks Adscope's keys. */
export function ChangeShortcutsButton() {
  const open = useOpenShortcutSettings();
  return (
    <>
      <button type="button" className="btn btn-link" onClick={() => open.mutate()}>
        {t('shortcuts.change')}
      </button>
      {open.isError ? (
        <p className="field-error" role="alert">
          {open.error instanceof Error ? open.error.message : t('shortcuts.openFailed')}
        </p>
      ) : null}
    </>
  );
}

/** Both shortcuts, as the browser has them, with the way to change them. */
export function ShortcutList({ className }: { className?: string }) {
  const shortcuts = useShortcuts();
  return (
    <div className={className}>
      <dl className="shortcut-list">
        <div>
          <dt>{t('shortcuts.openAdscope')}</dt>
          <dd>
            <ShortcutKeys keys={shortcuts.data?.openPanel} failed={shortcuts.isError} />
          </dd>
        </div>
        <div>
          <dt>{t('shortcuts.findSimilar')}</dt>
          <dd>
            <ShortcutKeys keys={shortcuts.data?.findSimilar} failed={shortcuts.isError} />
          </dd>
        </div>
      </dl>
      <ChangeShortcutsButton />
    </div>
  );
}
