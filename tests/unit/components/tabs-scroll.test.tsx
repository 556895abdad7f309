// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '../../../components/ui/tabs';

const TABS = [
  { id: 'search', label: 'Search' },
  { id: 'boards', label: 'Boards' },
  { id: 'new', label: 'New' },
] as const;

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the selected tab is kept in view', () => {
  it('at the next frame, not in the commit that lays the page out', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run));
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.textContent ?? '');
    });
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const render = (selected: (typeof TABS)[number]['id']) =>
      act(() =>
        root.render(
          <Tabs label="Views" tabs={TABS} selected={selected} onSelect={() => undefined}>
            <p>view</p>
          </Tabs>,
        ),
      );
    await render('new');
    expect(scrolled).toEqual([]);
    for (const run of frames.splice(0)) run(0);
    expect(scrolled).toEqual(['New']);
    await render('boards');
    for (const run of frames.splice(0)) run(0);
    expect(scrolled).toEqual(['New', 'Boards']);
    await act(() => root.unmount());
  });
});
