import { vi } from 'vitest';

/** happy-dom lays nothing out: the sizes a browser would give, as `sizes` says. */
export function layOutGrid(sizes: { width: number; height: number; rowHeight: number }) {
  const isScroller = (element: Element) => element.classList.contains('ad-grid-scroll');
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isScroller(this) ? sizes.width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isScroller(this) ? sizes.height : 0;
  });
  // The scroller holds the rows' total height (its inner element's, set by the grid).
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (!isScroller(this)) return 0;
    const inner = this.firstElementChild as HTMLElement | null;
    return Number.parseFloat(inner?.style.height ?? '') || sizes.height;
  });
  // A row's height as measured: short, as the small fonts make it.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('ad-grid-row') ? sizes.rowHeight : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const width = isScroller(this) ? sizes.width : 0;
    const height = isScroller(this) ? sizes.height : 0;
    return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) };
  });
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(sizes.height);
  // A script's scroll moves the scroller and fires its scroll event, as a browser does.
  vi.spyOn(HTMLElement.prototype, 'scrollTo').mockImplementation(function (
    this: HTMLElement,
    options?: ScrollToOptions | number,
  ) {
    if (typeof options !== 'object' || options.top === undefined) return;
    this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  });
}
