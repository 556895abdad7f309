import { useId } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { countOf, formats } from '@/components/ui/format';
import { useVault } from './use-vault';

/** The vault in Options: what it holds, in all and per board, the room left, and freeing it. */
export function VaultForm() {
  const id = useId();
  const { size, state, free } = useVault();
  const held = size.data;
  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`}>Kept creatives</h2>
      <p className="muted">
        When a save is confirmed, Adscope keeps a copy of the ad&apos;s images and video posters in this browser, so a
        board still shows them after their links expire. Video files are not kept: the service gives only their posters.
        Adscope does not ask for unlimited storage; when the browser&apos;s room for it is nearly used, it stops keeping
        and says so here. Nothing kept is ever deleted without you.
      </p>
      {state?.stopped ? (
        <p className="notice notice-warning" role="status">
          {state.message ?? 'The vault stopped keeping creatives.'}
        </p>
      ) : null}
      {size.isError ? <ErrorNotice title="Could not read the kept creatives" error={size.error} /> : null}
      {held ? (
        <>
          <p role="status">
            {held.files === 0
              ? 'Nothing kept yet.'
              : `${countOf(held.files, 'creative')} kept, ${formats.fileSize(held.bytes)} in all`}
            {held.waiting > 0 ? `; ${countOf(held.waiting, 'creative')} waiting to be kept` : ''}
            {held.files > 0 && held.quota !== null
              ? ` (the browser allows Adscope about ${formats.fileSize(held.quota)}, ${formats.fileSize(held.usage ?? 0)} used)`
              : ''}
            .
          </p>
          {held.local.boards > 0 ? (
            <p>
              Boards kept in this browser: {countOf(held.local.boards, 'board')} with{' '}
              {countOf(held.local.ads, 'saved ad')}. Freeing kept creatives leaves them; Delete all removes them.
            </p>
          ) : null}
          {held.boards.length > 0 ? (
            <ul className="list-plain vault-boards" aria-label="Kept creatives by board">
              {held.boards.map((board) => (
                <li key={board.boardId} className="vault-board">
                  <span>
                    <strong>{board.boardName || 'Unnamed board'}</strong>{' '}
                    <span className="muted">
                      {countOf(board.ads, 'ad')}, {formats.fileSize(board.bytes)}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn"
                    aria-label={`Free ${board.boardName || 'this board'}`}
                    disabled={free.isPending}
                    onClick={() => free.mutate(board.boardId)}
                  >
                    Free
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {held.files > 0 ? (
            <button type="button" className="btn" disabled={free.isPending} onClick={() => free.mutate('all')}>
              Free all kept creatives
            </button>
          ) : null}
        </>
      ) : null}
      {free.isError ? <ErrorNotice title="Could not free the kept creatives" error={free.error} /> : null}
    </section>
  );
}
