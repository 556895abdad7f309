import { type FormEvent, useId, useState } from 'react';
import { WATCH_LIMIT } from '@/lib/storage/watchlist';
import { ErrorNotice } from '../ui/error-notice';
import { countOf } from '../ui/format';
import { useDebouncedValue } from '../ui/hooks';
import { SkeletonList } from '../ui/skeleton';
import { useModal } from '../ui/use-modal';
import { useAddToWatch, useFollowedToWatch } from './use-watchlist';

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Ids already watched: shown as such, not picked again. */
  watched: ReadonlySet<string>;
}

/** Picks brands from the workspace's followed list to watch: a choice per brand, never the whole list at once. */
export function ImportDialog({ open, onClose, watched }: ImportDialogProps) {
  const ref = useModal(open);
  return (
    <dialog ref={ref} className="dialog" aria-label="Watch brands you follow" onClose={onClose}>
      {open ? <ImportForm watched={watched} onDone={onClose} /> : null}
    </dialog>
  );
}

function ImportForm({ watched, onDone }: { watched: ReadonlySet<string>; onDone: () => void }) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const query = useDebouncedValue(filter.trim(), 300);
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const room = WATCH_LIMIT - watched.size;
  const { followed, rows, total } = useFollowedToWatch(query);
  const add = useAddToWatch(onDone);
  const over = picked.size > room;

  function toggle(brandId: string, name: string, on: boolean) {
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(brandId, name);
      else next.delete(brandId);
      return next;
    });
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (picked.size === 0 || over) return;
    add.mutate([...picked].map(([brandId, name]) => ({ id: brandId, name })));
  }

  return (
    <form onSubmit={onSubmit} className="import-form">
      <h2 id={`${id}-title`}>Watch brands you follow</h2>
      <p className="muted">
        Pick the brands to watch. The watchlist holds {WATCH_LIMIT}; it has room for {countOf(room, 'more brand')}.
      </p>
      <div className="field">
        <label htmlFor={`${id}-filter`}>Find a followed brand</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {followed.isPending ? (
        <SkeletonList label="Loading followed brands" rows={3} />
      ) : followed.isError && rows.length === 0 ? (
        <ErrorNotice
          title="Could not load your followed brands"
          error={followed.error}
          onRetry={() => void followed.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted">{query ? `No followed brand matches “${query}”.` : 'This workspace follows no brands.'}</p>
      ) : (
        <fieldset className="choice-list import-choices">
          <legend>
            Followed brands{total !== null ? ` (${countOf(rows.length, 'shown', 'shown')} of ${total})` : ''}
          </legend>
          {rows.map((brand) => {
            const name = brand.name ?? 'Unnamed brand';
            const already = watched.has(brand.id);
            return (
              <label key={brand.id} className="choice">
                <input
                  type="checkbox"
                  checked={already || picked.has(brand.id)}
                  disabled={already}
                  onChange={(event) => toggle(brand.id, name, event.target.checked)}
                />
                <span>{name}</span>
                {already ? <span className="badge">Watched</span> : <span />}
              </label>
            );
          })}
          {followed.hasNextPage ? (
            <button
              type="button"
              className="btn"
              disabled={followed.isFetchingNextPage}
              onClick={() => void followed.fetchNextPage()}
            >
              {followed.isFetchingNextPage ? 'Loading…' : 'Show more brands'}
            </button>
          ) : null}
        </fieldset>
      )}
      <p className={over ? 'field-hint is-error' : 'field-hint'} role="status">
        {over
          ? `${countOf(picked.size, 'brand')} picked: the watchlist has room for ${room}. Untick ${picked.size - room}.`
          : `${countOf(picked.size, 'brand')} picked.`}
      </p>
      {add.isError ? <ErrorNotice title="Could not watch these brands" error={add.error} /> : null}
      <div className="action-row">
        <button type="submit" className="btn btn-primary" disabled={picked.size === 0 || over || add.isPending}>
          {add.isPending ? 'Adding…' : `Watch ${countOf(picked.size, 'brand')}`}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
