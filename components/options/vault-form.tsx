import { useEffect, useId, useRef } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { formats } from '@/components/ui/format';
import { t } from '@/lib/i18n';
import { useVault } from './use-vault';
import 'virtual:adscope-english/options';

/** The vault in Options: what it holds, in all and per board, the room left, and freeing it. */
export function VaultForm() {
  const id = useId();
  const { size, stopped, free } = useVault();
  const held = size.data;
  const cardRef = useRef<HTMLElement>(null);
  // A board freed from the keyboard: the focus goes to the next board's Free (or the one before),
  // else to the card's heading, never to the page's body.
  const freedAt = useRef<number | null>(null);
  const boards = held?.boards.length;
  useEffect(() => {
    const at = freedAt.current;
    const card = cardRef.current;
    if (at === null || !card || free.isPending) return;
    freedAt.current = null;
    const buttons = card.querySelectorAll<HTMLButtonElement>('.vault-board button');
    (buttons[Math.min(at, buttons.length - 1)] ?? card.querySelector<HTMLElement>('h2'))?.focus();
  }, [boards, free.isPending]);
  return (
    <section aria-labelledby={`${id}-heading`} className="card" ref={cardRef}>
      <h2 id={`${id}-heading`} tabIndex={-1}>
        {t('options.vault.title')}
      </h2>
      <p className="muted">{t('options.vault.intro')}</p>
      {stopped ? (
        <p className="notice notice-warning" role="status">
          {/* A stop for room in the language shown now; another stop says the browser's own words. */}
          {stopped.stopped === 'full'
            ? t('options.vault.stoppedFull')
            : stopped.message
              ? t('options.vault.stoppedBecause', { reason: stopped.message })
              : t('options.vault.stopped')}
        </p>
      ) : null}
      {size.isError ? <ErrorNotice title={t('options.vault.readFailed')} error={size.error} /> : null}
      {held ? (
        <>
          <p role="status">
            {held.files === 0 && held.waiting === 0
              ? t('options.vault.nothing')
              : held.files === 0
                ? t('options.vault.onlyWaiting', { count: held.waiting })
                : t('options.vault.summary', {
                    kept: t('options.vault.kept', { count: held.files, size: formats.fileSize(held.bytes) }),
                    waiting: held.waiting > 0 ? t('options.vault.waiting', { count: held.waiting }) : 'none',
                    quota:
                      held.quota !== null
                        ? t('options.vault.quota', {
                            quota: formats.fileSize(held.quota),
                            used: formats.fileSize(held.usage ?? 0),
                          })
                        : 'none',
                  })}
          </p>
          {held.local.boards > 0 ? (
            <p>{t('options.vault.localBoards', { boards: held.local.boards, ads: held.local.ads })}</p>
          ) : null}
          {held.boards.length > 0 ? (
            <ul className="list-plain vault-boards" aria-label={t('options.vault.byBoard')}>
              {held.boards.map((board) => (
                <li key={board.boardId} className="vault-board">
                  <span>
                    <strong>{board.boardName || t('options.vault.unnamedBoard')}</strong>{' '}
                    <span className="muted">
                      {t('options.vault.boardSize', { ads: board.ads, size: formats.fileSize(board.bytes) })}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn"
                    aria-label={t('options.vault.freeBoard', {
                      board: board.boardName || t('options.vault.thisBoard'),
                    })}
                    disabled={free.isPending}
                    onClick={(event) => {
                      // Said from the keyboard or the mouse alike: where the focus goes once the row is gone.
                      if (event.currentTarget === document.activeElement)
                        freedAt.current = held.boards.findIndex((other) => other.boardId === board.boardId);
                      free.mutate(board.boardId);
                    }}
                  >
                    {t('options.vault.free')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {held.files > 0 ? (
            <button type="button" className="btn" disabled={free.isPending} onClick={() => free.mutate('all')}>
              {t('options.vault.freeAll')}
            </button>
          ) : null}
        </>
      ) : null}
      {free.isError ? <ErrorNotice title={t('options.vault.freeFailed')} error={free.error} /> : null}
    </section>
  );
}
