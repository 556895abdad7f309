import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { IN_WORDS } from '@/lib/contract/issue-words';
import { boardNameSchema, tagsSchema } from '@/lib/contract/boards';
import { callBackground } from '@/lib/messaging/client';
import { t } from '@/lib/i18n';
import { adSaveState } from '../ads/saved-state';
import { useSaveStore } from '../ads/save-store';
import { useLocalHoldings, useOutbox } from '../ads/use-outbox';
import { boardKeys } from './query-keys';
import { boardWords, flattenBoards, flattenLocalBoards, useBoardTree, useLocalBoards } from './tree';
import 'virtual:adscope-english/boards';

/** The "Inside" choice that makes a top-level board in this browser. */
export const LOCAL_TOP = 'local:top';

/** Tags typed as "hook, ugc": trimmed, without repeats, checked against the contract. */
export function parseTags(text: string): { tags: string[] } | { error: string } {
  const tags = [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  const parsed = tagsSchema.safeParse(tags, IN_WORDS);
  return parsed.success
    ? { tags: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? t('boards.save.checkTags') };
}

/**
 * The save dialog's data: the boards in tree order with the recent ones first, a filter, the
 * board chosen (the last one used to start with), the tags, and a new board made on the way. The
 * save itself goes to the outbox, so the dialog closes at once and nothing is lost.
 */
export function useSaveForm(ad: LibraryAd, onDone: () => void) {
  const tree = useBoardTree();
  const local = useLocalBoards();
  const outbox = useOutbox();
  const holdings = useLocalHoldings();
  const queryClient = useQueryClient();
  const { recent, lastBoard, save } = useSaveStore();
  const writes = local.data?.writes ?? 'unknown';
  // A service whose boards are read-only is offered none of them: saves are kept in this browser.
  const { where, untitled } = boardWords();
  const boards = useMemo(
    () => [
      ...(writes === 'refused' ? [] : flattenBoards(tree.data?.items ?? [], 1, null, false, untitled)),
      ...flattenLocalBoards(local.data?.items ?? [], { where, untitled }),
    ],
    [tree.data, local.data, writes, where, untitled],
  );
  const [filter, setFilter] = useState('');
  const [selected, setSelectedState] = useState<string | null>(lastBoard?.id ?? null);
  /** The board chosen as of now, for a new board that is ready later to see whether the user chose since. */
  const selectedNow = useRef(selected);
  function setSelected(id: string | null) {
    selectedNow.current = id;
    setSelectedState(id);
  }
  const [tagsText, setTagsText] = useState('');
  const [tagsError, setTagsError] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [newParent, setNewParent] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const recentIds = recent.map((board) => board.id);
  const ordered = [
    ...recentIds.flatMap((rid) => boards.filter((board) => board.id === rid)),
    ...boards.filter((board) => !recentIds.includes(board.id)),
  ];
  const needle = filter.trim().toLowerCase();
  const found = boards.find((board) => board.id === selected) ?? null;
  // A board of this browser is named with where it is kept: one of the service's may have its name.
  const chosen = found ? { ...found, name: found.local ? found.path : found.name } : null;

  const create = useMutation({
    mutationFn: (input: { name: string; parentId: string | null; local: boolean }) =>
      callBackground('boards.create', input),
    // What the dialog showed when Create was clicked: the board chosen, and the name typed.
    onMutate: () => ({ selected: selectedNow.current, typed: newName }),
    onSuccess: async (board, _input, before) => {
      await queryClient.invalidateQueries({ queryKey: board.local ? boardKeys.local() : boardKeys.tree() });
      // The new board is chosen unless the user chose another while it was being made: Save files
      // the ad where they last pointed. A name typed since is the next board's, and stays.
      if (selectedNow.current === before.selected) setSelected(board.board_id);
      setNewName((name) => (name === before.typed ? '' : name));
    },
  });

  function onCreate() {
    const parsed = boardNameSchema.safeParse(newName, IN_WORDS);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? t('boards.save.nameBoard'));
      return;
    }
    setNameError(null);
    const here = newParent === LOCAL_TOP;
    create.mutate({ name: parsed.data, parentId: here ? null : newParent || null, local: here });
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

  return {
    tree,
    local,
    writes,
    boards,
    shown: needle ? ordered.filter((board) => board.path.toLowerCase().includes(needle)) : ordered,
    recentIds,
    /** Boards that already hold the ad (confirmed or on the way). */
    holding: adSaveState(ad, outbox, holdings).boards,
    filter,
    setFilter,
    selected,
    setSelected,
    chosen,
    tags: { text: tagsText, setText: setTagsText, error: tagsError },
    newBoard: { name: newName, setName: setNewName, parent: newParent, setParent: setNewParent, error: nameError },
    create,
    onCreate,
    onSubmit,
  };
}

export type SaveFormState = ReturnType<typeof useSaveForm>;
