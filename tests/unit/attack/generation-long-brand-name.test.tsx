// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EMPTY_DRAFT } from '@/components/generate/generate-store';
import { requests } from '@/lib/messaging/protocol';

/**
 * A brand with a very long name. The owned brands' names are read as the service sends them,
 * uncut (`optionalText`), and the Generate form sends the chosen brand's name with the
 * generation (`useGenerateForm`: `brandName: brand?.name`). The worker's protocol refuses a
 * `brandName` over 200 characters, so a workspace whose brand is named at length can never start
 * a generation for it: the brief is fine, the brand is the workspace's own, and Generate fails
 * with an input error about a field the user never typed.
 */
const longName = `Northwind Outdoor ${'& Trail Company '.repeat(16)}`.trim();

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

describe('a generation for a brand named at length', () => {
  it('sends the worker a request its protocol accepts', async () => {
    expect(longName.length).toBeGreaterThan(200);
    localStorage.setItem(
      'adscope.generate',
      JSON.stringify({
        state: {
          draft: {
            ...EMPTY_DRAFT,
            brandId: 'brand-long',
            prompt: 'Autumn tents at dusk, warm light, a family by the fire',
          },
          fromAd: null,
          earlierPrompt: null,
        },
        version: 1,
      }),
    );
    const submits: unknown[] = [];
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
      type: string;
      payload: unknown;
    }) => {
      if (message.type === 'ownedBrands.list') {
        return { ok: true, data: { items: [{ id: 'brand-long', name: longName, locked: false, colors: [] }] } };
      }
      if (message.type === 'generation.submit') {
        submits.push(message.payload);
        // The router checks every request against the protocol before any handler runs.
        return requests['generation.submit'].input.safeParse(message.payload).success
          ? { ok: true, data: { id: 'job-00000001', brandName: longName, choice: { size: 1 } } }
          : {
              ok: false,
              error: { code: 'invalid_input', httpStatus: null, message: 'brandName: too long', retryable: false },
            };
      }
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
    vi.resetModules();
    const { mountPage } = await import('@/components/ui/mount');
    const { default: GenerateTab } = await import('@/components/generate/generate-tab');
    await mountPage(<GenerateTab />);
    await vi.waitFor(
      () => {
        const option = document.querySelector<HTMLOptionElement>('option[value="brand-long"]');
        const select = option?.parentElement as HTMLSelectElement | null | undefined;
        if (select?.value !== 'brand-long') throw new Error('the brand is not chosen yet');
      },
      { timeout: 5_000 },
    );
    const generate = [...document.querySelectorAll('button')].find((button) => button.type === 'submit');
    generate?.click();
    await vi.waitFor(() => expect(submits).toHaveLength(1), { timeout: 5_000 });
    const checked = requests['generation.submit'].input.safeParse(submits[0]);
    expect(checked.success ? 'accepted' : checked.error.issues.map((issue) => issue.path.join('.'))).toBe('accepted');
  });
});
