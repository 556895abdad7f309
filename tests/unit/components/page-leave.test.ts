// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { onPageLeave } from '@/components/ui/page-leave';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('onPageLeave', () => {
  let stop = () => undefined as void;
  afterEach(() => {
    stop();
    visibility = 'visible';
  });

  it('runs once when a panel hides and then closes, and again after it was shown', () => {
    let runs = 0;
    stop = onPageLeave(() => {
      runs += 1;
    });
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(runs).toBe(1);
    setVisibility('visible');
    setVisibility('hidden');
    expect(runs).toBe(2);
  });

  it('runs on a close that was not preceded by hiding, and not after unsubscribing', () => {
    let runs = 0;
    stop = onPageLeave(() => {
      runs += 1;
    });
    window.dispatchEvent(new Event('pagehide'));
    expect(runs).toBe(1);
    stop();
    setVisibility('hidden');
    expect(runs).toBe(1);
  });
});
