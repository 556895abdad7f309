import { useId } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { t } from '@/lib/i18n';
import { ErrorNotice } from '../ui/error-notice';
import { useModal } from '../ui/use-modal';
import { formatNumber } from '../ui/format';
import { adHeadline } from '../ads/ad-words';
import { useSaveStore } from '../ads/save-store';
import { boardKey } from '../ads/saved-state';
import { LOCAL_TOP, type SaveFormState, useSaveForm } from './use-save-form';
import { ReadOnlyNotice } from './read-only-notice';
import { inThisBrowser } from './tree';
import './save-dialog.css';
import 'virtual:adscope-english/boards';

function SaveForm({ ad, onDone }: { ad: LibraryAd; onDone: () => void }) {
  const id = useId();
  const form = useSaveForm(ad, onDone);
  const { tree, filter, chosen } = form;
  return (
    <form method="dialog" onSubmit={form.onSubmit} className="save-form">
      <h2 id={`${id}-title`}>{t('boards.save.title')}</h2>
      <p className="muted save-form-ad">{adHeadline(ad)}</p>
      <ReadOnlyNotice writes={form.writes} message={form.local.data?.message} />
      <div className="field">
        <label htmlFor={`${id}-filter`}>{t('boards.save.find')}</label>
        <input
          id={`${id}-filter`}
          type="search"
          value={filter}
          onChange={(event) => form.setFilter(event.target.value)}
        />
      </div>
      {tree.isPending ? <p role="status">{t('boards.save.loading')}</p> : null}
      {tree.isError && form.writes !== 'refused' ? (
        <ErrorNotice title={t('boards.loadFailed')} error={tree.error} onRetry={() => void tree.refetch()} />
      ) : null}
      <BoardChoices form={form} />
      <TagsField form={form} />
      <NewBoard form={form} />
      <div className="notice-actions">
        <button type="submit" className="btn btn-primary" disabled={!chosen}>
          {chosen ? t('boards.save.saveTo', { board: chosen.name }) : t('boards.save.choose')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('boards.save.cancel')}
        </button>
      </div>
    </form>
  );
}

/** One radio per board, recent ones first, with which already hold the ad. */
function BoardChoices({ form }: { form: SaveFormState }) {
  const { shown, tree, filter, selected, recentIds, holding } = form;
  return (
    <fieldset className="choice-list">
      <legend>{t('boards.save.legend')}</legend>
      {shown.length === 0 && tree.isSuccess && filter ? (
        <p className="muted">{t('boards.noMatch', { filter })}</p>
      ) : null}
      {shown.length === 0 && !filter && form.local.isSuccess ? (
        <p className="muted">{t('boards.save.noBoard')}</p>
      ) : null}
      {shown.map((board) => (
        <label key={board.id} className="choice">
          <input
            type="radio"
            name="board"
            value={board.id}
            checked={selected === board.id}
            onChange={() => form.setSelected(board.id)}
          />
          <span>
            {board.path}
            {recentIds.includes(board.id) ? <span className="badge">{t('boards.save.recent')}</span> : null}
            {holding.has(boardKey(board.id)) ? <span className="badge">{t('boards.save.alreadySaved')}</span> : null}
          </span>
          <span className="muted">{board.count !== null ? formatNumber(board.count) : ''}</span>
        </label>
      ))}
    </fieldset>
  );
}

function TagsField({ form }: { form: SaveFormState }) {
  const id = useId();
  const { text, setText, error } = form.tags;
  return (
    <div className="field">
      <label htmlFor={`${id}-tags`}>{t('boards.save.tags')}</label>
      <input
        id={`${id}-tags`}
        type="text"
        placeholder={t('boards.save.tagsExample')}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-tags-hint${error ? ` ${id}-tags-error` : ''}`}
        onChange={(event) => setText(event.target.value)}
      />
      <span id={`${id}-tags-hint`} className="field-hint">
        {t('boards.save.tagsHint')}
      </span>
      {error ? (
        <span id={`${id}-tags-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A new board, at the top level or inside another, made without leaving the dialog. */
function NewBoard({ form }: { form: SaveFormState }) {
  const id = useId();
  const { name, setName, parent, setParent, error } = form.newBoard;
  return (
    <details className="new-board">
      <summary>{t('boards.save.newBoard')}</summary>
      <div className="field">
        <label htmlFor={`${id}-new-name`}>{t('boards.save.name')}</label>
        <input
          id={`${id}-new-name`}
          type="text"
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-new-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {error ? (
          <span id={`${id}-new-error`} className="field-error">
            {error}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-new-parent`}>{t('boards.save.inside')}</label>
        <select id={`${id}-new-parent`} value={parent} onChange={(event) => setParent(event.target.value)}>
          {form.writes === 'refused' ? null : <option value="">{t('boards.save.topLevel')}</option>}
          <option value={LOCAL_TOP}>{inThisBrowser()}</option>
          {form.boards.map((board) => (
            <option key={board.id} value={board.id}>
              {board.path}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="btn" onClick={form.onCreate} disabled={form.create.isPending}>
        {form.create.isPending ? t('boards.save.creating') : t('boards.save.create')}
      </button>
      {form.create.isError ? <ErrorNotice title={t('boards.save.createFailed')} error={form.create.error} /> : null}
      {form.create.data?.note ? (
        <p className="muted">{t('boards.save.madeHere', { note: form.create.data.note })}</p>
      ) : null}
    </details>
  );
}

/** The board picker, as a modal dialog (focus kept inside, Escape closes). */
export function SaveDialog() {
  const ad = useSaveStore((state) => state.dialogAd);
  const close = useSaveStore((state) => state.closeDialog);
  const ref = useModal(ad !== null);
  return (
    <dialog ref={ref} className="dialog" aria-label={t('boards.save.title')} onClose={close}>
      {ad ? <SaveForm key={ad.id} ad={ad} onDone={close} /> : null}
    </dialog>
  );
}
