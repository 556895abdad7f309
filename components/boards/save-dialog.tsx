import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { boardNameSchema, tagsSchema } from '@/lib/contract/boards';
import { callBackground } from '@/lib/messaging/client';
import { ErrorNotice } from '../ui/error-notice';
import { useModal } from '../ui/use-modal';
import { formatNumber } from '../ui/format';
import { adHeadline } from '../ads/ad-card';
import { adSaveState } from '../ads/saved-state';
import { useSaveStore } from '../ads/save-store';
import { useOutbox } from '../ads/use-outbox';
import { flattenBoards, useBoardTree } from './tree';
import { boardKeys } from './query-keys';
import './save-dialog.css';

export function parseTags(text: string): { tags: string[] } | { error: string } {
  const tags = [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  const parsed = tagsSchema.safeParse(tags);
  return parsed.success ? { tags: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Check the tags.' };
}

function SaveForm({ ad, onDone }: { ad: LibraryAd; onDone: () => void }) {
  const id = useId();
  const tree = useBoardTree();
  const outbox = useOutbox();
  const queryClient = useQueryClient();
  const { recent, lastBoard, save } = useSaveStore();
  const boards = useMemo(() => flattenBoards(tree.data?.items ?? []), [tree.data]);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(lastBoard?.id ?? null);
  const [tagsText, setTagsText] = useState('');
  const [tagsError, setTagsError] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [newParent, setNewParent] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const holding = adSaveState(ad, outbox).boards;

  const recentIds = recent.map((board) => board.id);
  const ordered = [
    ...recentIds.flatMap((rid) => boards.filter((board) => board.id === rid)),
    ...boards.filter((board) => !recentIds.includes(board.id)),
  ];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? ordered.filter((board) => board.path.toLowerCase().includes(needle)) : ordered;
  const chosen = boards.find((board) => board.id === selected) ?? null;

  const create = useMutation({
    mutationFn: (input: { name: string; parentId: string | null }) => callBackground('boards.create', input),
    onSuccess: async (board) => {
      await queryClient.invalidateQueries({ queryKey: boardKeys.tree() });
      setSelected(board.board_id);
      setNewName('');
    },
  });

  function onCreate() {
    const parsed = boardNameSchema.safeParse(newName);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Name the board.');
      return;
    }
    setNameError(null);
    create.mutate({ name: parsed.data, parentId: newParent || null });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const tags = parseTags(tagsText);
    if ('error' in tags) {
      setTagsError(tags.error);
      return;
    }
    setTagsError(null);
    if (!chosen) return;
    void save(ad, { id: chosen.id, name: chosen.name }, tags.tags);
    onDone();
  }

  return (
    <form method="dialog" onSubmit={onSubmit} className="save-form">
      <h2 id={`${id}-title`}>Save to a board</h2>
      <p className="muted save-form-ad">{adHeadline(ad)}</p>
      <div className="field">
        <label htmlFor={`${id}-filter`}>Find a board</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {tree.isPending ? <p role="status">Loading boards…</p> : null}
      {tree.isError ? (
        <ErrorNotice title="Could not load your boards" error={tree.error} onRetry={() => void tree.refetch()} />
      ) : null}
      <fieldset className="choice-list">
        <legend>Board</legend>
        {shown.length === 0 && tree.isSuccess ? <p className="muted">No board matches "{filter}".</p> : null}
        {shown.map((board) => (
          <label key={board.id} className="choice">
            <input
              type="radio"
              name="board"
              value={board.id}
              checked={selected === board.id}
              onChange={() => setSelected(board.id)}
            />
            <span>
              {board.path}
              {recentIds.includes(board.id) ? <span className="badge">Recent</span> : null}
              {holding.has(board.id) ? <span className="badge">Already saved</span> : null}
            </span>
            <span className="muted">{board.count !== null ? formatNumber(board.count) : ''}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-tags`}>Tags</label>
        <input
          id={`${id}-tags`}
          type="text"
          placeholder="hook, ugc"
          value={tagsText}
          aria-invalid={tagsError ? true : undefined}
          aria-describedby={`${id}-tags-hint${tagsError ? ` ${id}-tags-error` : ''}`}
          onChange={(event) => setTagsText(event.target.value)}
        />
        <span id={`${id}-tags-hint`} className="field-hint">
          Separate tags with commas.
        </span>
        {tagsError ? (
          <span id={`${id}-tags-error`} className="field-error">
            {tagsError}
          </span>
        ) : null}
      </div>
      <details className="new-board">
        <summary>New board</summary>
        <div className="field">
          <label htmlFor={`${id}-new-name`}>Board name</label>
          <input
            id={`${id}-new-name`}
            type="text"
            value={newName}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-new-error` : undefined}
            onChange={(event) => setNewName(event.target.value)}
          />
          {nameError ? (
            <span id={`${id}-new-error`} className="field-error">
              {nameError}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-new-parent`}>Inside</label>
          <select id={`${id}-new-parent`} value={newParent} onChange={(event) => setNewParent(event.target.value)}>
            <option value="">Top level</option>
            {boards.map((board) => (
              <option key={board.id} value={board.id}>
                {board.path}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn" onClick={onCreate} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create board'}
        </button>
        {create.isError ? <ErrorNotice title="Could not create the board" error={create.error} /> : null}
      </details>
      <div className="notice-actions">
        <button type="submit" className="btn btn-primary" disabled={!chosen}>
          {chosen ? `Save to ${chosen.name}` : 'Choose a board'}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The board picker, as a modal dialog (focus kept inside, Escape closes). */
export function SaveDialog() {
  const ad = useSaveStore((state) => state.dialogAd);
  const close = useSaveStore((state) => state.closeDialog);
  const ref = useModal(ad !== null);
  return (
    <dialog ref={ref} className="dialog" aria-label="Save to a board" onClose={close}>
      {ad ? <SaveForm key={ad.id} ad={ad} onDone={close} /> : null}
    </dialog>
  );
}
