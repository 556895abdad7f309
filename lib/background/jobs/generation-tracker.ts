import { ApiCode } from '../../contract/envelope';
import { ApiError, outcomeUnknown, storedError } from '../../messaging/api-error';
import { t } from '../../i18n';
import 'virtual:adscope-english/api';
import { type GenerationChoice, TERMINAL_STATUSES } from '../../contract/generation-fields';
import { generationMismatch } from '../../contract/checks';
import type { GeneratedImage, Generation } from '../../contract/image-generations';
import { type GenerationJob, generationJobSchema } from '../../storage/generation-job-schema';
import { isActiveJob } from '../../storage/job-phase';
import { recordList } from '../../storage/records';
import { defineValidatedItem } from '../../storage/validated-item';
import { lazily } from '../../lazy';
import type { Clock } from '../../clock';
import type { JobGate, Stoppable } from './job-gate';
import { DurableQueue, environmentOf, type QueueEnvironment } from './durable-queue';
import { couldNot } from '../could-not';

/** The jobs as the background reads and writes them, through the zod schema. */
export const generationJobsItem = defineValidatedItem(
  'local:generationJobs',
  lazily(() => recordList(generationJobSchema)),
  {
    fallback: [],
    version: 1,
  },
);

export const GENERATION_POLICY = {
  /** Spec 4.17: poll every 2 to 5 seconds. */
  pollMinMs: 2000,
  pollMaxMs: 5000,
  /** A dropped or timed-out submit is sent again with the same key, backing off from 2 s to 30 s. */
  submitBaseMs: 2000,
  submitMaxMs: 30_000,
  maxSubmitAttempts: 6,
  /** Polls that fail (network, 50001) slow down to at most this, and give up after this many. */
  pollBackoffMaxMs: 30_000,
  maxPollFailures: 40,
  /** After a terminal status, polls that may still read missing image details before they are given up. */
  maxTerminalPolls: 5,
  /**
   * A generation still running after this many polls (about half an hour at 2 to 5 s) is no longer
   * polled (Retry checks it again). Counted in polls, not by the clock, which may jump.
   */
  maxRunningPolls: 500,
  /** Identical requests within this time make one job (a double click). */
  dedupeMs: 10_000,
  keepJobs: 30,
} as const;

export interface GenerationApi {
  submit: (body: GenerationChoice & { idempotency_key: string }) => Promise<Generation>;
  get: (generationId: string) => Promise<Generation>;
  image: (generationId: string, imageId: string) => Promise<GeneratedImage>;
}

export interface TrackerDeps extends QueueEnvironment {
  /** The client, or the client of the workspace a job was made in. */
  api: GenerationApi | ((workspace: string | undefined) => GenerationApi);
  /**
   * The workspace of the connection set now (null: no key). Jobs are stamped with it and held
   * while another is set. Without it, jobs belong to no workspace and are never held.
   */
  workspace?: () => Promise<string | null>;
  /** Asks to be woken at this time; null when no job runs (then nothing polls). */
  schedule: (at: number | null) => void;
  /** Running jobs changed (badge) or a job ended (notification). */
  onChange?: (jobs: GenerationJob[], ended: GenerationJob[]) => void;
  /** Closed by Delete all: nothing is submitted, polled or written until it opens again. @default open */
  gate?: JobGate;
}

/** An unknown outcome or a rate limit: the submit may be sent again with the same key, which makes it safe (4.16). */
function submitMayRetry(error: ApiError): boolean {
  return outcomeUnknown(error) || error.code === 'rate_limited';
}

/** The key refused (unknown, disabled, expired): said of the key, not of the job. */
const keyRefused = (error: ApiError) => error.code === 'key_refused';

/** The local plan gate runs before the idempotency lookup (4.16): its refusal says nothing about an earlier attempt. */
const refusedByPlan = (error: ApiError) => error.code === ApiCode.planLimit;

/**
 * When an unconfirmed job is checked again by itself: refused by the plan, just after the next
 * UTC midnight, when plan allowances reset; unreachable, every quarter of an hour.
 */
const UNCONFIRMED_RECHECK_DELAY_MS = 60_000;
const UNCONFIRMED_UNREACHABLE_MS = 15 * 60_000;
function nextUtcDay(now: number): number {
  const day = new Date(now);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
}

/** Polls ride out network trouble, rate limits, upstream outages and odd bodies; 40001/40401 end them. */
function pollMayRetry(error: ApiError): boolean {
  if (submitMayRetry(error) || error.code === ApiCode.upstream) return true;
  return error.code === 'invalid_response';
}

function sameChoice(a: GenerationChoice, b: GenerationChoice): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Image-generation jobs, kept in storage.local and driven from there: a job is stored with
 * its idempotency key before the first send; a lost answer is recovered by sending the same
 * key again; quota, plan and input errors are never retried; running jobs are polled every
 * 2 to 5 s with jitter until a terminal status, and a restarted worker picks them up again.
 */
export class GenerationTracker implements Stoppable {
  private readonly queue: DurableQueue<GenerationJob>;
  private readonly now: Clock;
  private readonly random: () => number;
  private readonly newId: () => string;

  constructor(private readonly deps: TrackerDeps) {
    ({ now: this.now, random: this.random, newId: this.newId } = environmentOf(deps));
    this.queue = new DurableQueue(generationJobsItem, {
      dueAt: (job) => {
        if ((!isActiveJob(job) && job.phase !== 'unconfirmed') || job.held) return null;
        // A clock set back since the next step was planned would make it wait out the skew: due now.
        const now = this.now();
        return job.scheduledAt !== undefined && now < job.scheduledAt ? now : job.nextAt;
      },
      work: async (job) => {
        const after = job.phase === 'running' ? await this.poll(job) : await this.sendSubmit(job);
        // Said as soon as it is written, not at the pass's end: a worker stopped while another job
        // of the pass is polled would take the news of this one with it.
        if (after && (after.phase === 'done' || after.phase === 'failed'))
          this.deps.onChange?.(await this.list(), [after]);
      },
      afterPass: (jobs) => this.deps.onChange?.(jobs, []),
      schedule: deps.schedule,
      now: this.now,
      ...(deps.gate ? { gate: deps.gate } : {}),
    });
  }

  /** Delete all: resolves once the pass under way has ended (close the gate first) and nothing more is written. */
  stop(): Promise<void> {
    return this.queue.stop();
  }

  list(): Promise<GenerationJob[]> {
    return this.queue.list();
  }

  private apiFor(job: GenerationJob): GenerationApi {
    return typeof this.deps.api === 'function' ? this.deps.api(job.workspace) : this.deps.api;
  }

  private pollDelay(): number {
    const { pollMinMs, pollMaxMs } = GENERATION_POLICY;
    return pollMinMs + Math.floor(this.random() * (pollMaxMs - pollMinMs));
  }

  /** Creates a job (the key is stored before anything is sent); the same request twice within 10 s is one job. */
  async submit(choice: GenerationChoice, brandName: string): Promise<GenerationJob> {
    const workspace = (await this.deps.workspace?.()) ?? undefined;
    const job = await this.queue.update((jobs) => {
      const now = this.now();
      // A clock that went back makes an old job look new: only a job from the last 10 s, by a
      // clock that has not gone back since, is the same click. One already ended (a quick
      // refusal) is not: "Run again" on it starts a new job.
      const twin = jobs.find((candidate) => {
        const age = now - candidate.createdAt;
        return (
          candidate.workspace === workspace &&
          sameChoice(candidate.choice, choice) &&
          candidate.phase !== 'done' &&
          candidate.phase !== 'failed' &&
          (candidate.phase === 'submitting' || (age >= 0 && age < GENERATION_POLICY.dedupeMs))
        );
      });
      if (twin) return twin;
      const created: GenerationJob = {
        id: this.newId(),
        createdAt: now,
        choice,
        brandName,
        phase: 'submitting',
        submitAttempts: 0,
        pollFailures: 0,
        nextAt: now,
        generationId: null,
        status: null,
        imageIds: [],
        images: [],
        error: null,
        finishedAt: null,
        ...(workspace === undefined ? {} : { workspace }),
      };
      jobs.unshift(created);
      // Keep the newest; finished jobs beyond the limit go first.
      while (jobs.length > GENERATION_POLICY.keepJobs) {
        // Never an unconfirmed one: it may be a generation the user paid for.
        const index = jobs.findLastIndex((candidate) => candidate.phase === 'done' || candidate.phase === 'failed');
        if (index < 0) break;
        jobs.splice(index, 1);
      }
      return created;
    });
    void this.drain();
    return job;
  }

  /** Tries a failed or unconfirmed job again: with the same key if it was never accepted, else by polling again. */
  async retry(jobId: string): Promise<void> {
    await this.queue.update((jobs) => {
      const job = jobs.find((candidate) => candidate.id === jobId);
      if (!job || (job.phase !== 'failed' && job.phase !== 'unconfirmed')) return;
      job.phase = job.generationId ? 'running' : 'submitting';
      delete job.runningPolls;
      job.submitAttempts = 0;
      job.pollFailures = 0;
      job.error = null;
      job.finishedAt = null;
      job.nextAt = this.now();
    });
    void this.drain();
  }

  /** Removes a finished job from the list. */
  async dismiss(jobId: string): Promise<void> {
    await this.queue.update((jobs) => {
      // A finished job, or one held for another workspace (the user gives up on it).
      const index = jobs.findIndex(
        (candidate) => candidate.id === jobId && (!isActiveJob(candidate) || candidate.held === true),
      );
      if (index >= 0) jobs.splice(index, 1);
    });
    await this.drain();
  }

  /**
   * Holds the jobs of another workspace, releases this one's, then works every due job once and
   * schedules the next wake-up; concurrent calls share one pass.
   */
  async drain(): Promise<void> {
    if (this.deps.gate && !(await this.deps.gate.allows())) return;
    if (this.deps.workspace) {
      try {
        const current = await this.deps.workspace();
        await this.queue.update((jobs) => {
          for (const job of jobs) {
            const waiting = isActiveJob(job) || job.phase === 'unconfirmed';
            if (waiting && job.workspace !== undefined && job.workspace !== current) job.held = true;
            else delete job.held;
          }
        });
      } catch (error) {
        couldNot("check the jobs' workspace")(error);
      }
    }
    return this.queue.drain();
  }

  /** Changes a stored job; a new `nextAt` is stamped with when it was set, so a clock set back is seen. */
  private patch(jobId: string, change: (job: GenerationJob) => void): Promise<GenerationJob | null> {
    return this.queue.patch(jobId, (job) => {
      const before = job.nextAt;
      change(job);
      if (job.nextAt !== before) job.scheduledAt = this.now();
    });
  }

  private async sendSubmit(job: GenerationJob): Promise<GenerationJob | null> {
    // Marked before it leaves: a worker stopped before the answer was read leaves the mark, and the
    // next send knows an earlier one may have been made and charged (so a plan refusal is not a failure).
    const sending = await this.patch(job.id, (current) => {
      if (current.sending) current.maybeCreated = true;
      current.sending = true;
    });
    if (!sending) return null;
    try {
      const generation = await this.apiFor(job).submit({ ...job.choice, idempotency_key: job.id });
      return this.patch(job.id, (current) => {
        delete current.sending;
        current.phase = 'running';
        current.generationId = generation.generation_id;
        current.submitAttempts += 1;
        current.error = null;
        this.apply(current, generation);
        if (isActiveJob(current)) current.nextAt = this.now() + this.pollDelay();
      });
    } catch (error) {
      const failure = ApiError.from(error);
      // Refused before it left (the connection is checked first): held, and no mark of a send.
      if (failure.code === 'workspace_changed') return this.hold(job.id, true);
      return this.patch(job.id, (current) => {
        delete current.sending;
        current.submitAttempts += 1;
        if (outcomeUnknown(failure)) current.maybeCreated = true;
        if (submitMayRetry(failure) && current.submitAttempts < GENERATION_POLICY.maxSubmitAttempts) {
          current.phase = 'submitting';
          const ceiling = Math.min(
            GENERATION_POLICY.submitMaxMs,
            GENERATION_POLICY.submitBaseMs * 2 ** (current.submitAttempts - 1),
          );
          current.nextAt = this.now() + Math.max(failure.retryAfterMs ?? 0, Math.floor(this.random() * ceiling), 1000);
          current.error = storedError(failure);
          return;
        }
        // A submit that may have been created and charged is never shown as failed: it is checked again, same key
        // (a key refused, disabled or expired, is checked again once a while: the generation may go on there).
        if (current.maybeCreated && (refusedByPlan(failure) || submitMayRetry(failure) || keyRefused(failure))) {
          current.phase = 'unconfirmed';
          current.error = storedError(failure);
          current.nextAt = refusedByPlan(failure)
            ? nextUtcDay(this.now()) + UNCONFIRMED_RECHECK_DELAY_MS
            : this.now() + UNCONFIRMED_UNREACHABLE_MS;
          return;
        }
        this.fail(current, failure);
      });
    }
  }

  private async poll(job: GenerationJob): Promise<GenerationJob | null> {
    const generationId = job.generationId;
    if (!generationId) return null;
    try {
      const generation = await this.apiFor(job).get(generationId);
      const { details, troubled } = await this.imageDetails(job, generation);
      return this.patch(job.id, (current) => {
        // A detail the service could not give for now (an outage, a rate limit) is read again
        // later, backing off as failed polls do, not given up after the few polls a missing one gets.
        current.pollFailures = troubled ? current.pollFailures + 1 : 0;
        current.error = null;
        this.apply(current, generation, details, troubled && current.pollFailures < GENERATION_POLICY.maxPollFailures);
        if (isActiveJob(current))
          current.nextAt = this.now() + (troubled ? this.backoff(current.pollFailures) : this.pollDelay());
        // Running for longer than any generation takes: polled no more, and said so (the popup words it).
        current.runningPolls = (current.runningPolls ?? 0) + 1;
        if (isActiveJob(current) && current.runningPolls > GENERATION_POLICY.maxRunningPolls)
          this.fail(current, new ApiError({ code: 'timeout', field: 'unfinished', message: 'Still running.' }));
      });
    } catch (error) {
      const failure = ApiError.from(error);
      if (failure.code === 'workspace_changed') return this.hold(job.id);
      return this.patch(job.id, (current) => {
        // A key refused (disabled, expired) ends nothing: the service goes on with the generation, and
        // the job is asked again once a while, as one not confirmed is, until the key is put right.
        if (keyRefused(failure)) {
          current.error = storedError(failure);
          current.nextAt = this.now() + UNCONFIRMED_UNREACHABLE_MS;
          return;
        }
        current.pollFailures += 1;
        if (pollMayRetry(failure) && current.pollFailures < GENERATION_POLICY.maxPollFailures) {
          current.error = storedError(failure);
          current.nextAt = this.now() + Math.max(failure.retryAfterMs ?? 0, this.backoff(current.pollFailures));
          return;
        }
        this.fail(current, failure);
      });
    }
  }

  private backoff(failures: number): number {
    return Math.min(GENERATION_POLICY.pollBackoffMaxMs, this.pollDelay() * 2 ** (failures - 1));
  }

  /** Reads each image that finished since the last poll, once; `troubled` when one could not be read for now. */
  private async imageDetails(
    job: GenerationJob,
    generation: Generation,
  ): Promise<{ details: Map<string, GeneratedImage>; troubled: boolean }> {
    const known = new Map(job.images.map((image) => [image.id, image]));
    const terminal = TERMINAL_STATUSES.has(generation.status);
    const wanted = this.askedIds(job, generation).filter((id) => {
      const mine = known.get(id);
      if (mine && mine.status !== 'processing') return false;
      const reported = generation.images.find((image) => image.image_id === id)?.status;
      // Without per-image states, the details are read once the generation has ended.
      return reported === 'success' || reported === 'failed' || (reported === undefined && terminal);
    });
    const details = new Map<string, GeneratedImage>();
    let troubled = false;
    for (const id of wanted) {
      try {
        details.set(id, await this.apiFor(job).image(generation.generation_id, id));
      } catch (error) {
        // Read again at the next poll.
        const failure = ApiError.from(error);
        if (submitMayRetry(failure) || failure.code === ApiCode.upstream) troubled = true;
      }
    }
    return { details, troubled };
  }

  /**
   * Takes a generation's state into the job; a terminal job never goes back, and images are
   * never lost. Polling stops on a terminal status (spec 3.1): an image whose result cannot be
   * read by then (no URL under any known name, or a detail that keeps failing) is marked
   * unreadable, never left "rendering".
   */
  private apply(
    job: GenerationJob,
    generation: Generation,
    details = new Map<string, GeneratedImage>(),
    waitForDetails = false,
  ): void {
    const terminal = TERMINAL_STATUSES.has(generation.status);
    job.status = generation.status;
    const warning = generationMismatch(job.choice, generation);
    if (warning) job.warning = warning;
    for (const id of this.askedIds(job, generation)) if (!job.imageIds.includes(id)) job.imageIds.push(id);
    for (const id of job.imageIds) {
      let image = job.images.find((candidate) => candidate.id === id);
      if (!image) {
        image = { id, status: 'processing', url: null, concept: null, error: null };
        job.images.push(image);
      }
      const detail = details.get(id);
      if (detail && image.status === 'processing') {
        image.concept = detail.concept;
        // 4.18 shows no per-image status: without one, an image that has a URL is rendered.
        const status = detail.status ?? (detail.url ? 'success' : null);
        if (status === 'success' && detail.url) {
          image.status = 'success';
          image.url = detail.url;
        } else if (status === 'failed') {
          image.status = 'failed';
          image.error = detail.error ?? t('api.generation.imageFailed');
        } else if (terminal) {
          image.status = 'unreadable';
          image.error = status === 'success' ? t('api.generation.noImageAddress') : t('api.generation.noResult');
        }
      }
    }
    if (!terminal) return;
    // Terminal: done once every image's detail is known (or the server says none were made).
    const pending = job.images.filter((image) => image.status === 'processing');
    if (pending.length > 0) {
      if (waitForDetails) return;
      job.terminalPolls = (job.terminalPolls ?? 0) + 1;
      if (job.terminalPolls < GENERATION_POLICY.maxTerminalPolls) return;
      for (const image of pending) {
        image.status = 'unreadable';
        image.error = t('api.generation.detailUnread');
      }
    }
    job.phase = generation.status === 'failed' ? 'failed' : 'done';
    job.finishedAt = this.now();
    if (generation.status === 'failed') {
      job.error = new ApiError({
        code: 'generation_failed',
        message: t('api.generation.failed'),

        retryable: false,
      }).toJSON();
    }
  }

  /** The images the job keeps: at most as many as were asked (and paid) for, those it has first. */
  private askedIds(job: GenerationJob, generation: Generation): string[] {
    const room = Math.max(0, (job.choice.size ?? 1) - job.imageIds.length);
    return [...job.imageIds, ...generation.image_ids.filter((id) => !job.imageIds.includes(id)).slice(0, room)].filter(
      (id) => generation.image_ids.includes(id),
    );
  }

  /** The key changed while a request was on its way: held, not counted as an attempt. */
  private hold(jobId: string, unsent?: boolean): Promise<GenerationJob | null> {
    return this.patch(jobId, (current) => {
      current.held = true;
      if (unsent) delete current.sending;
    });
  }

  private fail(job: GenerationJob, error: ApiError): void {
    job.phase = 'failed';
    job.error = storedError(error);
    job.finishedAt = this.now();
  }
}
