import { DEMO_BUILD } from '@/lib/build-mode';
import { systemClock } from '@/lib/clock';
import { startBackground } from '@/lib/background/start';
import { findSimilarInTab } from '@/lib/background/similar/trigger';

// Firefox runs it as an event page (MV2, not persistent): unloaded when idle, woken by its
// listeners and alarms, like Chrome's service worker. Every queue lives in storage, not memory.
export default defineBackground({
  persistent: false,
  main() {
    // The wiring lives in lib/background/start.ts, where the week's simulation runs it too.
    const background = startBackground({
      clock: systemClock,
      fetch: (input, init) => fetch(input, init),
      estimate: () => navigator.storage.estimate(),
      install: {
        openWelcome: import.meta.env.MODE !== 'e2e' && import.meta.env.MODE !== 'bench',
        demoServer: import.meta.env.WXT_DEMO_SERVER,
      },
    });

    if (DEMO_BUILD) {
      // Playwright cannot click a context menu or press a browser shortcut; it calls what they call.
      // The watchlist's alarm starts the jobs if this worker has not yet, as the browser's would.
      Object.assign(globalThis, {
        adscopeE2E: { findSimilarInTab, fireWatchAlarm: () => background.jobs().watch.fireAlarm() },
      });
    }
  },
});
