// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import GenerateTab from '@/components/generate/generate-tab';
import { EMPTY_DRAFT, useGenerateStore } from '@/components/generate/generate-store';
import { createQueryClient } from '@/components/ui/mount';
import { LIMITS } from '@/lib/contract/limits';
import { waitForPage } from '../../support/react-root';
import { pageWorld, typeInto } from '../../support/page-world';

/**
 * The Generate view's brief, far longer than usual. The user pastes a long text into the brief
 * (here 30,600 characters: a page of notes to cut down to the contract's 10,000). The form takes
 * it, shows the count in red ("30,600 / 10,000") and keeps it in the panel's localStorage, as it
 * keeps every keystroke, "so a closed panel loses nothing". But the stored brief is read back
 * through a schema that catches any text over 20,000 characters to '' (generate-store.ts,
 * `text`): the next time the panel opens, the brief is empty, and nothing says why.
 */

const { cleanups } = pageWorld(() =>
  useGenerateStore.setState({ draft: EMPTY_DRAFT, fromAd: null, earlierPrompt: null }),
);

describe('a brief pasted far past the limit, to be cut down', () => {
  it('is still there when the panel opens again', async () => {
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
      if (message.type === 'ownedBrands.list')
        return { ok: true, data: { items: [{ id: 'brand-acme', name: 'Acme Outdoor', locked: false }] } };
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
    const root = createRoot(document.getElementById('root') as HTMLElement);
    cleanups.push(() => act(async () => root.unmount()));
    await act(async () =>
      root.render(
        <QueryClientProvider client={createQueryClient()}>
          <GenerateTab />
        </QueryClientProvider>,
      ),
    );
    const brief = await waitForPage(() => {
      const field = document.querySelector<HTMLTextAreaElement>('.generate-form textarea');
      if (!field) throw new Error('no brief yet');
      return field;
    });
    const notes = 'Acme trail tent, two people, pitched at dusk by a lake; warm light. '.repeat(450);
    expect(notes.length).toBeGreaterThan(3 * LIMITS.promptMaxChars);
    await act(async () => typeInto(brief, notes));
    // The form holds it and says it is too long, for the user to cut.
    expect(brief.value).toBe(notes);
    expect(document.querySelector('.field-hint.is-error')?.textContent).toContain('30,600 / 10,000');

    // The panel is closed and opened again: a new page, its store read from localStorage.
    window.dispatchEvent(new Event('pagehide'));
    vi.resetModules();
    const reopened = await import('@/components/generate/generate-store');
    await reopened.useGenerateStore.persist.rehydrate();
    expect(reopened.useGenerateStore.getState().draft.prompt).not.toBe('');
    expect(notes.startsWith(reopened.useGenerateStore.getState().draft.prompt.slice(0, 1_000))).toBe(true);
  });
});
