import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type PageButtonDeps,
  pageButtonItem,
  reconcilePageButton,
  setPageButton,
} from '../../../lib/background/similar/page-button-registration';

function fakeDeps(initial: { granted: boolean; registered: boolean }) {
  const state = { ...initial, registrations: 0, unregistrations: 0 };
  const deps: PageButtonDeps = {
    hasOrigins: async () => state.granted,
    registered: async () => state.registered,
    register: async () => {
      if (state.registered) throw new Error('Duplicate script ID');
      state.registered = true;
      state.registrations += 1;
    },
    unregister: async () => {
      state.registered = false;
      state.unregistrations += 1;
    },
  };
  return { state, deps };
}

beforeEach(() => fakeBrowser.reset());

describe('the opt-in page button', () => {
  it('is off by default: nothing is registered for any page', async () => {
    const { state, deps } = fakeDeps({ granted: false, registered: false });
    expect(await reconcilePageButton(deps)).toEqual({ enabled: false, granted: false });
    expect(state.registrations).toBe(0);
  });

  it.each([
    // enabled, granted, registered → registered after, enabled after
    [true, true, false, true, true],
    [true, true, true, true, true],
    [true, false, true, false, false],
    [true, false, false, false, false],
    [false, true, true, false, false],
    [false, true, false, false, false],
  ])(
    'enabled %s, access %s, registered %s → registered %s, enabled %s',
    async (enabled, granted, registered, registeredAfter, enabledAfter) => {
      await pageButtonItem.set({ enabled });
      const { state, deps } = fakeDeps({ granted, registered });
      const result = await reconcilePageButton(deps);
      expect(state.registered).toBe(registeredAfter);
      expect(result.enabled).toBe(enabledAfter);
      expect((await pageButtonItem.get()).enabled).toBe(enabledAfter);
    },
  );

  it('turns on only with access, and off again, registering once', async () => {
    const { state, deps } = fakeDeps({ granted: true, registered: false });
    expect(await setPageButton(true, deps)).toEqual({ enabled: true, granted: true });
    expect(await setPageButton(true, deps)).toEqual({ enabled: true, granted: true });
    expect(state.registrations).toBe(1);
    expect(await setPageButton(false, deps)).toEqual({ enabled: false, granted: true });
    expect(state.registered).toBe(false);
  });

  it('access revoked in the browser turns it off', async () => {
    const { state, deps } = fakeDeps({ granted: true, registered: false });
    await setPageButton(true, deps);
    state.granted = false;
    expect(await reconcilePageButton(deps)).toEqual({ enabled: false, granted: false });
    expect(state.registered).toBe(false);
  });
});
