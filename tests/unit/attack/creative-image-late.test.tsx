// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CreativeImage } from '@/components/ads/creative-image';
import { deleteVault, vaultDb } from '@/lib/vault/db';
import { TEST_NOW } from '../../support/clock';
import { reactRoot, waitForPage } from '../../support/react-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const GONE = 'https://cdn.example/gone.png';
const mounted = reactRoot();

beforeEach(async () => {
  fakeBrowser.reset();
  // The vault kept a copy of the creative whose link no longer loads.
  const db = await vaultDb();
  await db.put('files', { url: GONE, mime: 'image/png', bytes: 4, data: new ArrayBuffer(4), keptAt: TEST_NOW });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await deleteVault();
});

/** The copies made, and those let go. */
function watchObjectUrls() {
  const made: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    made.push(`blob:kept-${made.length + 1}`);
    return made.at(-1) ?? '';
  });
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return { made, revoked };
}

describe('a kept copy the vault answers after its card has gone', () => {
  it('is let go at once, not held for the page’s life', async () => {
    const { made, revoked } = watchObjectUrls();
    await act(async () => mounted.root.render(<CreativeImage src={GONE} alt="Tent" />));
    // The original fails to load and the card scrolls away in the same moment, before the vault answers.
    act(() => {
      mounted.host.querySelector('img')?.dispatchEvent(new Event('error'));
      mounted.root.render(null);
    });
    await waitForPage(() => expect(made).toEqual(['blob:kept-1']));
    await waitForPage(() => expect(revoked).toHaveBeenCalledWith('blob:kept-1'));
  });

  it('a card still shown draws the copy, marked as kept, and lets it go when it leaves', async () => {
    const { revoked } = watchObjectUrls();
    await act(async () => mounted.root.render(<CreativeImage src={GONE} alt="Tent" />));
    await act(async () => mounted.host.querySelector('img')?.dispatchEvent(new Event('error')));
    await waitForPage(() => expect(mounted.host.querySelector('img')?.getAttribute('src')).toBe('blob:kept-1'));
    expect(mounted.host.querySelector('img')?.hasAttribute('data-kept')).toBe(true);
    expect(revoked).not.toHaveBeenCalled();
    await act(async () => mounted.root.render(null));
    expect(revoked).toHaveBeenCalledWith('blob:kept-1');
  });
});
