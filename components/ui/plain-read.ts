import { useRef, useState, useSyncExternalStore } from 'react';

/**
 * Reads and actions without a query cache, for the popup (TanStack Query is 12 KB of a page
 * that asks four things and keeps none of them) and for the few browser reads every page makes
 * the same way (the window, the shortcuts). Their states have the shape of TanStack Query's,
 * so a view reads `data`, `isError`, `error` and `isPending` alike from either.
 */

/** What a page read from the browser or the worker, as its views see it. */
export interface ReadState<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  /** No answer yet. */
  isPending: boolean;
}

export interface SharedRead<T> {
  /** The value in a component: read when the first component shows it, again as `changes` says. */
  use(): ReadState<T>;
}

/**
 * One read shared by every component of a page that shows it: made when the first one mounts,
 * again each time `changes` calls back while any is mounted (and when one mounts after all had
 * gone). The last data stays while a new read is made; an answer older than the last asked
 * is never shown.
 */
export function sharedRead<T>(read: () => Promise<T>, changes?: (refresh: () => void) => () => void): SharedRead<T> {
  let state: ReadState<T> = { data: undefined, error: null, isError: false, isPending: true };
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  let asked = 0;
  const show = (next: ReadState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const refresh = () => {
    const ask = ++asked;
    Promise.resolve()
      .then(read)
      .then(
        (data) => {
          if (ask === asked) show({ data, error: null, isError: false, isPending: false });
        },
        (error: unknown) => {
          if (ask === asked) show({ data: state.data, error, isError: true, isPending: false });
        },
      );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (listeners.size === 1) {
      stop = changes?.(refresh) ?? null;
      refresh();
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        stop?.();
        stop = null;
      }
    };
  };
  const current = () => state;
  return { use: () => useSyncExternalStore(subscribe, current, current) };
}

/** Calls back when the page is shown again (the user comes back to its tab or window). */
export function onPageShown(callback: () => void): () => void {
  const listener = () => {
    if (document.visibilityState === 'visible') callback();
  };
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** An action a click starts, as a view sees it. */
export interface Action {
  mutate(): void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface ActionState {
  status: 'idle' | 'pending' | 'error' | 'success';
  error: unknown;
}

/**
 * An action and its state: pending while it runs, its error when it fails (a new start clears
 * it); `onSuccess` follows a success. Only the last start's outcome is shown.
 */
export function useAction<R>(run: () => Promise<R>, onSuccess?: (result: R) => void): Action {
  const [state, setState] = useState<ActionState>({ status: 'idle', error: null });
  const calls = useRef(0);
  const mutate = () => {
    const call = ++calls.current;
    setState({ status: 'pending', error: null });
    Promise.resolve()
      .then(run)
      .then(
        (result) => {
          if (call === calls.current) setState({ status: 'success', error: null });
          onSuccess?.(result);
        },
        (error: unknown) => {
          if (call === calls.current) setState({ status: 'error', error });
        },
      );
  };
  return { mutate, isPending: state.status === 'pending', isError: state.status === 'error', error: state.error };
}
