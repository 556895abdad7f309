import { browser } from 'wxt/browser';
import { showOnBadge } from '../badge';
import { t } from '../../i18n';
import { workerLanguageReady } from '../language';
import 'virtual:adscope-english/worker';
import type { Api } from '../api';
import { currentWorkspace } from '../api/credentials';
import { type Clock, systemClock } from '../../clock';
import { isActiveJob } from '../../storage/job-phase';
import type { GenerationJob } from '../../storage/generation-jobs';
import { GenerationTracker } from './generation-tracker';
import { type AlarmEvents, wakeScheduler } from './wake-scheduler';
import type { JobGate } from './job-gate';

export const GENERATION_ALARM = 'adscope-generations';

function showBadge(jobs: GenerationJob[]): void {
  showOnBadge('jobs', jobs.filter((job) => isActiveJob(job) && !job.held).length);
}

/** The notification when a generation ends, in the language chosen in Options. */
export function endedNotice(job: GenerationJob): { title: string; message: string } {
  const made = job.images.filter((image) => image.status === 'success').length;
  // Against the images asked for: a generation that ended with none Adscope could keep made none.
  const asked = Math.max(job.choice.size ?? 1, job.images.length);
  const ready = job.phase === 'done' && made > 0;
  // Still running on the service after the last check: not a failure, and not said as one.
  if (!ready && job.error?.field === 'unfinished')
    return {
      title: t('worker.notify.unfinished'),
      message: t('worker.notify.unfinishedMessage', { brand: job.brandName }),
    };
  const title = ready
    ? made === asked
      ? t('worker.notify.imagesReady')
      : t('worker.notify.someReady', { made, total: asked })
    : t('worker.notify.failed');
  const message = ready
    ? t('worker.notify.readyMessage', { brand: job.brandName })
    : t('worker.notify.failedMessage', {
        brand: job.brandName,
        reason: job.error?.message ?? t('worker.notify.noImage'),
      });
  return { title, message };
}

async function notifyEnded(job: GenerationJob): Promise<void> {
  await workerLanguageReady().catch(() => undefined);
  const { title, message } = endedNotice(job);
  await browser.notifications
    .create(`adscope-generation-${job.id}`, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title,
      message: message.slice(0, 300),
    })
    .catch(() => undefined);
}

/**
 * Runs the generation tracker in the background, polling every 2 to 5 s while a job runs and
 * not at all otherwise. The badge counts running jobs; a notification says when one ends.
 */
export function startGenerationTracker(
  apiFor: (workspace: string | undefined) => Api,
  clock: Clock = systemClock,
  gate?: JobGate,
  alarms?: AlarmEvents,
): GenerationTracker {
  const tracker: GenerationTracker = new GenerationTracker({
    api: (workspace) => apiFor(workspace).generations,
    workspace: currentWorkspace,
    now: clock,
    schedule: wakeScheduler(GENERATION_ALARM, () => void tracker.drain(), clock, gate, alarms),
    ...(gate ? { gate } : {}),
    onChange: (jobs, ended) => {
      showBadge(jobs);
      for (const job of ended) void notifyEnded(job);
    },
  });
  // A new worker (stopped, updated, or the browser restarted) picks up where the last one was.
  void tracker.drain();
  return tracker;
}
