import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A React root on a fresh element of the (happy-dom) document for each test, unmounted and
 * removed after it. Read `host` and `root` inside a test, never at the top of the file.
 */
export function reactRoot(): { readonly host: HTMLElement; readonly root: Root } {
  let host: HTMLElement | null = null;
  let root: Root | null = null;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    const mounted = root;
    if (mounted) act(() => mounted.unmount());
    host?.remove();
    host = null;
    root = null;
  });
  return {
    get host() {
      if (!host) throw new Error('reactRoot: read inside a test');
      return host;
    },
    get root() {
      if (!root) throw new Error('reactRoot: read inside a test');
      return root;
    },
  };
}

/**
 * `vi.waitFor` for a page that updates on its own (a query answering, a mutation's callback): as
 * Testing Library's `waitFor`, React renders those updates as it would in a browser while the
 * test polls, instead of warning that they came outside `act`.
 */
export async function waitForPage<T>(
  check: () => T | Promise<T>,
  options?: Parameters<typeof vi.waitFor>[1],
): Promise<T> {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return await vi.waitFor(check, options);
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

/**
 * A change of the world under a mounted page (an answer given, a worker killed, everything
 * deleted) as one step: what the page renders from it, it renders inside the step, as `act` asks.
 */
export async function inPage(change: () => unknown): Promise<void> {
  await act(async () => {
    await change();
  });
}
