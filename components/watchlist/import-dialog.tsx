import { type FormEvent, useId, useState } from 'react';
import { WATCH_LIMIT } from '@/lib/storage/watchlist';
import { t } from '@/lib/i18n';
import { ErrorNotice } from '../ui/error-notice';
import { formatNumber } from '../ui/format';
import { useDebouncedValue } from '../ui/hooks';
import { SkeletonList } from '../ui/skeleton';
import { useModal } from '../ui/use-modal';
import { MoreBrands } from '../ui/more-brands';
import { useAddToWatch, useFollowedToWatch } from './use-watchlist';
import 'virtual:adscope-english/watchlist';

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
    <dialog ref={ref} className="dialog" aria-label={t('watchlist.import.title')} onClose={onClose}>
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
  const add = useAddToWatch();
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
    add.mutate(
      [...picked].map(([brandId, name]) => ({ id: brandId, name })),
      { onSuccess: onDone },
    );
  }

  return (
    <form onSubmit={onSubmit} className="import-form">
      <h2 id={`${id}-title`}>{t('watchlist.import.title')}</h2>
      <p className="muted">{t('watchlist.import.intro', { limit: formatNumber(WATCH_LIMIT), count: room })}</p>
      <div className="field">
        <label htmlFor={`${id}-filter`}>{t('watchlist.import.find')}</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {followed.isPending ? (
        <SkeletonList label={t('watchlist.import.loading')} rows={3} />
      ) : followed.isError && rows.length === 0 ? (
        <ErrorNotice
          title={t('watchlist.import.failed')}
          error={followed.error}
          onRetry={() => void followed.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted">{query ? t('watchlist.import.noMatch', { query }) : t('watchlist.import.none')}</p>
      ) : (
        <fieldset className="choice-list import-choices">
          <legend>
            {total !== null
              ? t('watchlist.import.legendCount', { count: rows.length, total: formatNumber(total) })
              : t('watchlist.import.legend')}
          </legend>
          {rows.map((brand) => {
            const name = brand.name ?? t('watchlist.unnamedBrand');
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
                {already ? <span className="badge">{t('watchlist.import.watched')}</span> : <span />}
              </label>
            );
          })}
          <MoreBrands pages={followed} />
        </fieldset>
      )}
      <p className={over ? 'field-hint is-error' : 'field-hint'} role="status">
        {over
          ? t('watchlist.import.over', {
              count: picked.size,
              room: formatNumber(room),
              untick: formatNumber(picked.size - room),
            })
          : t('watchlist.import.picked', { count: picked.size })}
      </p>
      {add.isError ? <ErrorNotice title={t('watchlist.import.addFailed')} error={add.error} /> : null}
      <div className="action-row">
        <button type="submit" className="btn btn-primary" disabled={picked.size === 0 || over || add.isPending}>
          {add.isPending ? t('watchlist.import.adding') : t('watchlist.import.submit', { count: picked.size })}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('watchlist.import.cancel')}
        </button>
      </div>
    </form>
  );
}
