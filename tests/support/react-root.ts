import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

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
