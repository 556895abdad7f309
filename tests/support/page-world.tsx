import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createQueryClient } from '@/components/ui/mount';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/**
 * An extension page in happy-dom for the tests that change the world under it: each test starts on
 * an empty #root with the fake browser and localStorage reset. After it, what it mounted and held
 * is undone (`cleanups`, last first), then `reset` puts the page's stores back, and the mocks are
 * restored.
 */
export function pageWorld(reset?: () => void) {
  const cleanups: (() => void | Promise<void>)[] = [];
  beforeEach(() => {
    fakeBrowser.reset();
    localStorage.clear();
    document.body.innerHTML = '<div id="root"></div>';
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await vi.dynamicImportSettled();
    if (reset) act(reset);
    document.body.innerHTML = '';
    localStorage.clear();
    vi.restoreAllMocks();
  });
  return {
    cleanups,
    /**
     * Mounts `element` on #root with a query cache as the pages make it (or `client`), unmounted
     * after the test; the returned function unmounts it sooner (the user leaves the view).
     */
    async render(element: ReactNode, client: QueryClient = createQueryClient()): Promise<() => Promise<void>> {
      const root = createRoot(document.getElementById('root') as HTMLElement);
      let mounted = true;
      const unmount = async () => {
        if (!mounted) return;
        mounted = false;
        await act(async () => root.unmount());
      };
      cleanups.push(unmount);
      await act(async () => root.render(<QueryClientProvider client={client}>{element}</QueryClientProvider>));
      return unmount;
    },
  };
}

/** A promise the test settles itself. */
export function held<T>() {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle: (value: T) => settle(value) };
}

/** Lets settled promises and zero-delay timers run once. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Types into a React-controlled field as a person does (a paste is one input event). */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
