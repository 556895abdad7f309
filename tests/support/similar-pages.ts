import { type PageSignals, pageSignals } from '@/lib/messaging/page-trigger';
import type { PendingSimilar } from '@/lib/storage/pending-similar';
import { TEST_NOW } from './clock';

/** A page of trail tents, as a trigger reads it: the Similar view's tests hand it over. */
export const trailTents = pageSignals({
  url: 'https://tents.example/trail',
  hostname: 'tents.example',
  title: 'Ultralight trail tents | Tents',
  h1: 'Ultralight trail tents',
  lang: 'en',
  text: 'Ultralight trail tents for hiking and camping in the mountains',
});

let handovers = 0;
/** A page handed over by a trigger for `tabId`, as the worker writes it: ready (with its request), being read or failed. */
export function handedOver(
  signals: PageSignals,
  tabId: number | null,
  state: PendingSimilar['state'] = 'ready',
): PendingSimilar {
  handovers += 1;
  return {
    id: `handover-${handovers}`,
    at: TEST_NOW,
    source: 'command',
    tabId,
    state,
    title: signals.title,
    request: state === 'ready' ? { kind: 'page', signals } : null,
    error: null,
  };
}
