import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createDefaultApi } from '../../../lib/background/api';
import type { TransportOptions } from '../../../lib/background/api/transport';
import { createTranscriber, whileWorking } from '../../../lib/background/transcripts';
import { ApiError } from '../../../lib/messaging/api-error';
import type { RunningServer } from '../../../server/app';
import { fixedClock } from '../../support/clock';
import { connectTo } from '../../support/connection';
import { withServer } from '../../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  await connectTo(server.baseUrl);
});
afterEach(() => server.state.faults.clear());

const meta = () => {
  const found = server.state.adAccounts.find((candidate) => candidate.platform === 'meta');
  if (!found) throw new Error('the demo data has no Meta account');
  return found;
};

/** A video of the Meta account with no cached transcript, and not taken by an earlier test. */
const taken = new Set<string>();
function uncachedVideo(): string {
  const account = meta();
  const video = account.ads
    .flatMap((ad) => ad.videos)
    .find((candidate) => !account.transcripts.has(candidate.videoId) && !taken.has(candidate.videoId));
  if (!video) throw new Error('every demo video is transcribed');
  taken.add(video.videoId);
  return video.videoId;
}

const charges = (videoId: string) =>
  server.state.generations
    .credits(server.state.data.workspaces)
    .flatMap((account) => account.ledger)
    .filter((entry) => entry.kind === 'transcript' && entry.video_id === videoId);

const requests = (method: string, videoId: string) =>
  server.state.requestLog.filter((entry) => entry.method === method && entry.path.endsWith(`/${videoId}/transcript`));

function transcriber(options: Partial<TransportOptions> = {}) {
  const api = createDefaultApi({ clock: fixedClock(), backoffBaseMs: 1, ...options });
  return { api, transcribe: createTranscriber(api.accounts, async () => undefined) };
}

function slowTranscription(ms: number) {
  server.state.faults.add({ kind: 'slow-work', method: 'POST', path: '/transcript', latencyMs: ms });
}

describe('Transcribe: charged once per click', () => {
  it('a transcription slower than the ordinary timeout is sent once and charged once', async () => {
    const videoId = uncachedVideo();
    slowTranscription(400);
    // Ordinary requests time out after 50 ms and would be retried three times.
    const { transcribe } = transcriber({ timeoutMs: 50, retryLimit: 3 });
    const transcript = await transcribe(meta().id, videoId);
    expect(transcript.text?.length).toBeGreaterThan(0);
    expect(requests('POST', videoId)).toHaveLength(1);
    expect(charges(videoId)).toHaveLength(1);
  });

  it('slower than even the long timeout: the cache is read, the error says the work may still run, a later check finds it', async () => {
    const videoId = uncachedVideo();
    slowTranscription(500);
    const { api, transcribe } = transcriber({ longTimeoutMs: 100, retryLimit: 3 });
    let failure: ApiError | null = null;
    await transcribe(meta().id, videoId).catch((error: unknown) => {
      failure = ApiError.from(error);
    });
    expect(failure).toMatchObject({ code: 'timeout', message: expect.stringContaining('may still be running') });
    // The server logs a request when it answers: the cache read has, the transcription has not yet.
    expect(requests('GET', videoId)).toHaveLength(1);
    // The service finishes; the free check finds it, and it was charged once.
    await expect
      .poll(() => api.accounts.transcript(meta().id, videoId), { interval: 100, timeout: 3000 })
      .not.toBeNull();
    expect(charges(videoId)).toHaveLength(1);
    expect(requests('POST', videoId)).toHaveLength(1);
  });

  it('a gateway failure after the work was done: the cached transcript is the answer', async () => {
    const videoId = uncachedVideo();
    server.state.faults.add({ kind: 'malformed', body: 'html', method: 'POST', path: '/transcript', times: 1 });
    const { transcribe } = transcriber({ retryLimit: 3 });
    const transcript = await transcribe(meta().id, videoId);
    expect(transcript.cached).toBe(true);
    expect(requests('POST', videoId)).toHaveLength(1);
    expect(charges(videoId)).toHaveLength(1);
  });

  it('a gateway failure before the service saw it: nothing cached, nothing charged, and the error says to check', async () => {
    const videoId = uncachedVideo();
    server.state.faults.add({ kind: 'gateway', method: 'POST', path: '/transcript', times: 1 });
    const { transcribe } = transcriber({ retryLimit: 3 });
    const failure = await transcribe(meta().id, videoId).then(
      () => null,
      (error: unknown) => ApiError.from(error),
    );
    expect(failure).toMatchObject({ code: 'invalid_response', httpStatus: 502 });
    expect(failure?.message).toContain('check for the transcript');
    expect(requests('POST', videoId)).toHaveLength(1);
    expect(charges(videoId)).toHaveLength(0);
  });

  it('a second click while the first runs joins it: one request, one charge', async () => {
    const videoId = uncachedVideo();
    slowTranscription(200);
    const { transcribe } = transcriber();
    const [first, second] = await Promise.all([transcribe(meta().id, videoId), transcribe(meta().id, videoId)]);
    expect(second).toEqual(first);
    expect(requests('POST', videoId)).toHaveLength(1);
    expect(charges(videoId)).toHaveLength(1);
  });

  it('a definite refusal is passed on as it is, without a cache read', async () => {
    const { transcribe } = transcriber();
    const failure = await transcribe(meta().id, 'no-such-video').then(
      () => null,
      (error: unknown) => ApiError.from(error),
    );
    expect(failure?.code).toBe(40401);
    expect(requests('GET', 'no-such-video')).toHaveLength(0);
  });
});

describe('keeping the worker alive during long work', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls the extension API on a beat while the work runs, and stops after', async () => {
    // The beat on a fake clock: a loaded machine delays real timers, never these.
    vi.useFakeTimers();
    let pings = 0;
    const ping = async () => {
      pings += 1;
    };
    let finish: (value: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const working = whileWorking(work, ping, 25);
    await vi.advanceTimersByTimeAsync(130);
    expect(pings).toBe(5);
    finish('done');
    expect(await working).toBe('done');
    await vi.advanceTimersByTimeAsync(100);
    expect(pings).toBe(5);
  });
});
