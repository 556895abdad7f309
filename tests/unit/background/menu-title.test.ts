import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { retitleMenu } from '../../../lib/background/menu-title';

describe('a menu titled again in the chosen language', () => {
  it('asks the browser with the new title', () => {
    const update = vi.spyOn(browser.contextMenus, 'update').mockResolvedValue(undefined);
    retitleMenu('adscope-open-panel', 'Adscope öffnen');
    expect(update).toHaveBeenCalledWith('adscope-open-panel', { title: 'Adscope öffnen' });
  });

  it('leaves a menu the browser cannot update as it is, whether it throws or refuses', async () => {
    const thrown = vi.spyOn(browser.contextMenus, 'update').mockImplementation(() => {
      throw new Error('no such menu');
    });
    expect(() => retitleMenu('adscope-open-panel', 'Adscope öffnen')).not.toThrow();
    expect(thrown).toHaveBeenCalledTimes(1);
    const refused = vi.spyOn(browser.contextMenus, 'update').mockRejectedValue(new Error('no such menu'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    retitleMenu('adscope-open-panel', 'Adscope öffnen');
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(refused).toHaveBeenCalled();
    expect(unhandled).not.toHaveBeenCalled();
  });
});
