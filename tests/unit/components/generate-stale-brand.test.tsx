// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** The brands the workspace connected now owns, as the background answers them. */
const ownedBrands = { items: [{ id: 'brand-of-b', name: 'Northwind Outdoor', locked: false }] };

/** Every message the page sends, and the background's answers: the owned brands, the settings. */
function background() {
  const sent: string[] = [];
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
    sent.push(message.type);
    if (message.type === 'ownedBrands.list') return { ok: true, data: ownedBrands };
    if (message.type === 'generation.submit') return { ok: true, data: { id: 'job-1' } };
    return { ok: true, data: {} };
  }) as typeof browser.runtime.sendMessage);
  return sent;
}

beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(async () => {
  await vi.dynamicImportSettled();
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("the Generate tab's brand, once it is not the workspace's", () => {
  // The draft kept a brand of the last workspace (the key was replaced while the panel was
  // closed): the select shows none chosen, so Generate sends nothing and asks for a brand.
  it('is no choice: nothing is sent, and the form asks for one of the brands', async () => {
    localStorage.setItem(
      'adscope.generate',
      JSON.stringify({
        state: {
          draft: { brandId: 'brand-of-a', prompt: 'Autumn tents at dusk, warm light, a family by the fire' },
          fromAd: null,
          earlierPrompt: null,
        },
        version: 1,
      }),
    );
    const sent = background();
    vi.resetModules();
    const { mountPage } = await import('@/components/ui/mount');
    const { default: GenerateTab } = await import('@/components/generate/generate-tab');
    await mountPage(<GenerateTab />);
    const select = await vi.waitFor(
      () => {
        const option = document.querySelector<HTMLOptionElement>('option[value="brand-of-b"]');
        if (!option?.parentElement) throw new Error('the brands are not listed yet');
        return option.parentElement as HTMLSelectElement;
      },
      { timeout: 5_000 },
    );
    expect(select.value).toBe('');
    const generate = [...document.querySelectorAll('button')].find((button) => button.type === 'submit');
    generate?.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Pick one of your brands.'));
    expect(sent).not.toContain('generation.submit');
  });
});
