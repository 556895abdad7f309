// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { learnFormats, useLearnedFormats } from '@/components/ads/learned-formats';
import { useBoardsStore } from '@/components/boards/boards-store';
import { clearPageCaches, LEARNED_FORMATS_KEY } from '@/components/ui/page-caches';
import { KNOWN_DISPLAY_FORMATS } from '@/lib/contract/ad-library';

const reset = () => {
  useLearnedFormats.setState({ formats: [...KNOWN_DISPLAY_FORMATS] });
  useBoardsStore.setState({ expanded: [], openBoardId: null, openAdId: null, order: 'saved_newest', filter: '' });
  localStorage.clear();
};
beforeEach(reset);
afterEach(reset);

describe('the formats learned from the last service', () => {
  it('are forgotten with it: the next page of ads of another service does not write them back', () => {
    learnFormats([{ display_format: 'dynamic_product_set' }]);
    expect(localStorage.getItem(LEARNED_FORMATS_KEY)).toContain('dynamic_product_set');

    // The key is replaced in Options: the pages forget the last workspace.
    clearPageCaches();
    expect(useLearnedFormats.getState().formats).toEqual([...KNOWN_DISPLAY_FORMATS]);

    learnFormats([{ display_format: 'playable' }]);
    const stored = localStorage.getItem(LEARNED_FORMATS_KEY) ?? '';
    expect(stored).toContain('playable');
    expect(stored).not.toContain('dynamic_product_set');
  });
});

describe('the Boards tab’s place in the last workspace', () => {
  it('is left with it: no board or ad of the old workspace stays open, no folder of it expanded', () => {
    useBoardsStore.getState().toggle('board-of-a', true);
    useBoardsStore.getState().set({ openBoardId: 'board-of-a', openAdId: 'ad-of-a', order: 'saved_oldest' });

    clearPageCaches();

    const place = useBoardsStore.getState();
    expect(place).toMatchObject({ expanded: [], openBoardId: null, openAdId: null });
    // How the user likes boards sorted is theirs, not the workspace's.
    expect(place.order).toBe('saved_oldest');
    expect(localStorage.getItem('adscope.boards') ?? '').not.toContain('board-of-a');
  });
});
