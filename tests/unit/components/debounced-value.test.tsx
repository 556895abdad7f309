// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from '../../../components/ui/hooks';

const isBlank = (words: string) => words.trim() === '';

/** Renders the hook and keeps what each render returned. */
function harness(atOnce?: (value: string) => boolean) {
  const seen: string[] = [];
  function Probe({ value }: { value: string }) {
    seen.push(useDebouncedValue(value, 300, atOnce));
    return null;
  }
  const root: Root = createRoot(document.body.appendChild(document.createElement('div')));
  const render = (value: string) => act(() => root.render(<Probe value={value} />));
  return { seen, render, last: () => seen.at(-1), unmount: () => act(() => root.unmount()) };
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('useDebouncedValue', () => {
  it('gives what typing settles on, once it has stayed the delay', async () => {
    const probe = harness(isBlank);
    await probe.render('');
    await probe.render('t');
    await probe.render('te');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(probe.last()).toBe('');
    await probe.render('tent');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(probe.last()).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(probe.last()).toBe('tent');
    // 'te' never came out: it did not stay.
    expect(probe.seen).not.toContain('te');
    await probe.unmount();
  });

  it('takes a value it is told to take at once in the very render that brings it', async () => {
    const probe = harness(isBlank);
    await probe.render('waterproof tent');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(probe.last()).toBe('waterproof tent');
    const before = probe.seen.length;
    await probe.render('');
    // The first render with the box cleared already returns it: nothing renders with the old words.
    expect(probe.seen[before]).toBe('');
    expect(probe.seen.slice(before)).not.toContain('waterproof tent');
    // And typing again waits as before.
    await probe.render('b');
    expect(probe.last()).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(probe.last()).toBe('b');
    await probe.unmount();
  });

  it('without it, a cleared box waits like any other value', async () => {
    const probe = harness();
    await probe.render('waterproof tent');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await probe.render('');
    expect(probe.last()).toBe('waterproof tent');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(probe.last()).toBe('');
    await probe.unmount();
  });
});
