// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dropSpentPreloads } from '../../../lib/spent-preloads';

/** The side panel's head keeps its other links, and no module preload link once its module is loaded. */
describe('dropSpentPreloads', () => {
  const link = (rel: string, href: string) => {
    const element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    return element;
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("removes the page's own preload links at once, and each added later once it has loaded or failed", async () => {
    document.head.replaceChildren(link('modulepreload', '/chunks/base.js'), link('icon', '/icon/16.png'));
    dropSpentPreloads();
    expect([...document.head.querySelectorAll('link')].map((element) => element.rel)).toEqual(['icon']);

    const loaded = link('modulepreload', '/chunks/tab.js');
    const failed = link('modulepreload', '/chunks/gone.js');
    const pending = link('modulepreload', '/chunks/later.js');
    const sheet = link('preload', '/assets/tab.css');
    document.head.append(loaded, failed, pending, sheet);
    await flush();
    loaded.dispatchEvent(new Event('load'));
    failed.dispatchEvent(new Event('error'));
    expect(loaded.isConnected).toBe(false);
    expect(failed.isConnected).toBe(false);
    // Still loading: it stays until it has.
    expect(pending.isConnected).toBe(true);
    expect(sheet.isConnected).toBe(true);
    sheet.dispatchEvent(new Event('load'));
    expect(sheet.isConnected).toBe(true);
  });
});
