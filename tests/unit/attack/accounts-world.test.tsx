// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import AccountsTab from '@/components/accounts/accounts-tab';
import { INITIAL_ACCOUNTS_VIEW, useAccountsStore } from '@/components/accounts/accounts-store';
import { adDetailSchema } from '@/lib/contract/ad-accounts';
import type { WindowParams } from '@/lib/contract/window';
import { manualClock, TEST_NOW } from '../../support/clock';
import { waitForPage } from '../../support/react-root';
import { held, pageWorld, tick } from '../../support/page-world';

/**
 * The side panel's Accounts view when the world changes under it: the account's metric
 * catalogue no longer lists what the user chose yesterday, the catalogue is slow, one answer of
 * a new window lands before the other, and a paid transcription's answer is lost. The
 * background is a `browser.runtime.sendMessage` answering from the test, refusing what the
 * service refuses (spec 4.0: "Ids come from the metrics endpoint; hand-built ids are rejected";
 * 4.4: sort_by is "A metric id from the metrics endpoint"); the time is a manual clock behind
 * `Date.now`, which `systemClock` and TanStack Query read.
 *
 * 1. A custom conversion the user added is deleted upstream: the totals and the ranked ads load
 *    (useAccountReport filters the ids by the catalogue), but opening any ad fails, because
 *    useAccountAd sends the stored ids unfiltered and the service refuses them.
 * 2. The user ranked by that custom conversion: the ranked list fails on every load and retry,
 *    while "Rank by" shows Spend (sortBy is never checked against the catalogue).
 * 3. Twenty metrics were added, one of them since deleted: the picker says 20 of 20 are added
 *    and locks every other metric, while the ghost cannot be unchecked (it is not offered).
 * 4. The metric catalogue is slow: the view shows "Totals" over nothing and an empty "Rank by",
 *    with no sign that anything is loading.
 * 5. The period changes and the new ranked ads come before the new totals: the last window's
 *    totals stay on screen as the new window's, and "Updating…" is gone.
 * 6. A transcription's answer is lost (the view says it may still be running and to check
 *    before paying again); the user goes back to the ranked ads and opens the ad again: the
 *    warning is forgotten and a plain "Transcribe (2 credits)" is offered, charged twice.
 */

const { render, cleanups } = pageWorld();

const ACME = '0b1e7c1a-7d8e-4a51-9d3c-2f0c1a4b5e61';
const accounts = { items: [{ id: ACME, name: 'Acme Outdoor', platform: 'meta', currency: 'USD' }] };

interface Metric {
  id: string;
  name: string;
  kind?: string;
  format?: string;
  default?: boolean;
}
const SPEND: Metric = { id: 'spend', name: 'Spend', kind: 'standard', format: 'currency', default: true };
const GONE = 'custom_conversion.trial_start';

interface Request {
  type: string;
  payload: {
    accountId?: string;
    adId?: string;
    window?: WindowParams;
    metrics?: string[];
    sortBy?: string;
  };
}

/** A refusal as the background's router writes it (the service's 40001). */
class Refusal {
  constructor(
    readonly field: string,
    readonly message: string,
  ) {}
}
/** An answer that never came: the background says the outcome is unknown. */
class Lost {
  constructor(readonly message: string) {}
}

/** The background as the view sees it: each request answered by `answer`, all of them recorded. */
function background(answer: (request: Request) => unknown) {
  const asked: Request[] = [];
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Request) => {
    asked.push(message);
    if (message.type === 'request.cancel') return { ok: true, data: {} };
    const data: unknown = await answer(message);
    if (data instanceof Refusal)
      return {
        ok: false,
        error: { code: 'invalid_input', httpStatus: 400, retryable: false, field: data.field, message: data.message },
      };
    if (data instanceof Lost)
      return { ok: false, error: { code: 'timeout', httpStatus: null, retryable: true, message: data.message } };
    return { ok: true, data };
  }) as typeof browser.runtime.sendMessage);
  return asked;
}

/** The service's checks of 4.0 and 4.4 against the account's catalogue. */
function refusedBy(catalogue: readonly Metric[], request: Request): Refusal | null {
  const known = new Set(catalogue.map((metric) => metric.id));
  const unknown = (request.payload.metrics ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0)
    return new Refusal('metrics', `metrics ${unknown.join(', ')} are not in this account's catalogue.`);
  const { sortBy } = request.payload;
  if (request.type === 'accounts.ads' && sortBy !== undefined && !known.has(sortBy))
    return new Refusal('sort_by', `sort_by ${sortBy} is not in this account's metric catalogue.`);
  return null;
}

const summary = (spend: number) => ({ currency: 'USD', metrics: { spend }, metric_names: { spend: 'Spend' } });
const ranked = (name: string, spend: number) => ({
  items: [{ platform_ad_id: 'ad-1', name, metrics: { spend }, metric_names: { spend: 'Spend' } }],
  metric_names: { spend: 'Spend' },
  total_ads: 1,
  currency: 'USD',
});
/** The ad's detail as the worker hands it over: the service's answer read by the contract. */
const detail = adDetailSchema.parse({
  name: 'Acme spring tent',
  currency: 'USD',
  metrics: { spend: 400 },
  metric_names: { spend: 'Spend' },
  creative: {
    title: 'Spring tent',
    videos: [{ video_id: 'video-1', url: 'https://cdn.example/video-1.mp4' }],
  },
});

/** Answers every report request of a catalogue's account as the service would, refusals included. */
const service =
  (catalogue: readonly Metric[], more: (request: Request) => unknown = () => undefined) =>
  (request: Request): unknown => {
    const special = more(request);
    if (special !== undefined) return special;
    if (request.type === 'accounts.list') return accounts;
    if (request.type === 'accounts.metrics') return { items: catalogue };
    const refused = refusedBy(catalogue, request);
    if (refused) return refused;
    if (request.type === 'accounts.summary') return summary(700);
    if (request.type === 'accounts.ads') return ranked('Acme spring tent', 400);
    if (request.type === 'accounts.ad') return detail;
    if (request.type === 'accounts.transcript') return null;
    return {};
  };

const text = () => document.body.textContent ?? '';
const rankedNames = () => [...document.querySelectorAll('.ranked-table tbody th')].map((cell) => cell.textContent);
const spendCard = () => document.querySelector('.summary-cards .summary-card')?.textContent ?? '';
const button = (label: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((item) => item.textContent === label);
const clickButton = async (label: string) => {
  const found = button(label);
  if (!found) throw new Error(`no button ${label}`);
  await act(async () => found.click());
};

let clock = manualClock();
beforeEach(() => {
  clock = manualClock(TEST_NOW);
  vi.spyOn(Date, 'now').mockImplementation(() => clock());
  useAccountsStore.setState({ ...INITIAL_ACCOUNTS_VIEW, accountId: ACME });
});

describe('an ad of the account, when a metric the user added has left the catalogue', () => {
  // Yesterday the user added the custom conversion "Trial starts" (kept in useAccountsStore).
  // Overnight it was deleted in the ad platform: today's catalogue no longer lists it. The totals
  // and the ranked ads load (useAccountReport sends `chosen`, the stored ids filtered by the
  // catalogue), but a click on the top ad shows "Could not load this ad": useAccountAd
  // (components/accounts/use-account-ad.ts) sends `view.metrics` unfiltered, and the service
  // rejects an id that is not in the catalogue (spec 4.0, 40001). Every ad fails the same way.
  it('opens the ad with the metrics the account still has', async () => {
    const catalogue = [SPEND];
    const asked = background(service(catalogue));
    act(() => useAccountsStore.setState({ metrics: [GONE] }));
    await render(<AccountsTab />);
    await waitForPage(() => expect(rankedNames()).toEqual(['Acme spring tent']));
    expect(spendCard()).toContain('700');

    await clickButton('Acme spring tent');
    await waitForPage(() => expect(asked.some(({ type }) => type === 'accounts.ad')).toBe(true));
    await waitForPage(() => expect(text().includes('Spring tent') || text().includes('Could not load')).toBe(true));

    expect(text()).not.toContain('Could not load this ad');
    expect(document.querySelector('.creative-title')?.textContent).toBe('Spring tent');
  });
});

describe('the ranked ads, when the metric they were ranked by has left the catalogue', () => {
  // The user ranked the ads by "Trial starts" (sortBy kept in useAccountsStore). The custom
  // conversion is deleted upstream. On the next opening the catalogue lacks it, yet
  // useAccountReport (components/accounts/use-account-report.ts) sends sort_by as stored: it
  // filters the added metrics by the catalogue but never the ranking metric. The service answers
  // 40001 on every load and every Retry; "Rank by" (rank-controls.tsx, a controlled select whose
  // value is in none of its options) shows "Spend", so picking Spend changes nothing.
  it('ranks the ads by a metric the account still has', async () => {
    const catalogue = [SPEND, { id: 'impressions', name: 'Impressions', format: 'integer', default: true }];
    background(service(catalogue));
    act(() => useAccountsStore.setState({ sortBy: GONE }));
    await render(<AccountsTab />);
    await waitForPage(() => expect(rankedNames().length > 0 || text().includes('Could not rank the ads')).toBe(true));

    expect(text()).not.toContain('Could not rank the ads');
    expect(rankedNames()).toEqual(['Acme spring tent']);
  });
});

describe('the metrics picker, when one of twenty added metrics has left the catalogue', () => {
  // The user added the 20 extra metrics a report may carry; one, a custom conversion, has since
  // been deleted upstream. The report sends 19 (useAccountReport's `chosen`), and the fold says
  // "19 metrics added", but MetricsPicker (components/accounts/metrics-picker.tsx) counts the
  // stored ids: it says "Metrics (20 of 20 added)" and disables every metric not added, while
  // the ghost is offered nowhere, so it cannot be unchecked: no metric can ever be added again.
  it('lets the user add a metric in place of the one that is gone', async () => {
    const extras: Metric[] = Array.from({ length: 20 }, (_, at) => ({
      id: `extra_${at + 1}`,
      name: `Extra ${at + 1}`,
      format: 'number',
    }));
    const catalogue = [SPEND, ...extras];
    background(service(catalogue));
    act(() => useAccountsStore.setState({ metrics: [...extras.slice(0, 19).map((metric) => metric.id), GONE] }));
    await render(<AccountsTab />);
    await waitForPage(() => expect(document.querySelector('.metrics-picker')).not.toBeNull());
    await waitForPage(() => expect(rankedNames()).toEqual(['Acme spring tent']));

    const twentieth = [...document.querySelectorAll<HTMLInputElement>('.metric-choice input')].find((input) =>
      input.parentElement?.textContent?.includes('Extra 20'),
    );
    if (!twentieth) throw new Error('no Extra 20 in the picker');
    expect(twentieth.disabled).toBe(false);
    expect(document.querySelector('.metrics-picker summary')?.textContent).toBe('Metrics (19 of 20 added)');
  });
});

describe('the report, while the account’s metric catalogue is slow to come', () => {
  // The accounts are listed; the account's metric catalogue (4.3, read from the upstream
  // platform) takes its time. useAccountReport asks neither the totals nor the ranked ads until
  // it is in (`ready`), and QueryView shows nothing for a query that is not enabled: the user
  // reads "Totals" over nothing and an empty "Rank by" list, with no skeleton and no status, as
  // if the account had no figures, for as long as the catalogue takes.
  it('says that the report is loading', async () => {
    const slow = held<unknown>();
    cleanups.push(() => slow.settle({ ok: true, data: { items: [SPEND] } }));
    background(service([SPEND], ({ type }) => (type === 'accounts.metrics' ? slow.promise : undefined)));
    await render(<AccountsTab />);
    await waitForPage(() => expect(document.querySelector('.accounts select')).not.toBeNull());
    await act(tick);
    await act(tick);

    expect(text()).toContain('Totals');
    expect(document.querySelector('.accounts [aria-busy="true"]')).not.toBeNull();
  });
});

describe('the totals, when a new period’s ranked ads come before its totals', () => {
  // Last 7 days: Acme spent $700. The user picks Last 30 days. The 30-day ranked ads answer
  // first (top ad "Acme winter parka", $1,200); the 30-day totals are slow. The totals keep the
  // 7-day answer as placeholder (keepForSame in use-account-report.ts), and AccountFigures
  // (accounts-tab.tsx) shows "Updating…" only while the ranked ads load: now it is gone, and the
  // totals read "Spend $700.00" under Last 30 days, less than the one ad listed below them,
  // with nothing saying they are the last window's.
  it('never shows the last window’s totals as the new window’s', async () => {
    const thirtyDays = held<unknown>();
    cleanups.push(() => thirtyDays.settle({ ok: true, data: summary(2_400) }));
    background(
      service([SPEND], ({ type, payload }) => {
        const thirty = payload.window?.period === 'last_30d';
        if (type === 'accounts.summary' && thirty) return thirtyDays.promise;
        if (type === 'accounts.ads' && thirty) return ranked('Acme winter parka', 1_200);
        return undefined;
      }),
    );
    await render(<AccountsTab />);
    await waitForPage(() => expect(rankedNames()).toEqual(['Acme spring tent']));
    expect(spendCard()).toContain('700');

    const thirty = [...document.querySelectorAll<HTMLInputElement>('.period-picker input[type="radio"]')].find(
      (input) => input.value === 'last_30d',
    );
    if (!thirty) throw new Error('no Last 30 days');
    await act(async () => thirty.click());
    await waitForPage(() => expect(rankedNames()).toEqual(['Acme winter parka']));
    await act(tick);

    const sevenDayTotalShown = spendCard().includes('700');
    const saysUpdating =
      text().includes('Updating…') || document.querySelector('.summary-cards [aria-busy="true"]') !== null;
    expect({ sevenDayTotalShown, saysUpdating }).not.toEqual({ sevenDayTotalShown: true, saysUpdating: false });
  });
});

describe('a video’s transcription, when its answer is lost and the user comes back to the ad', () => {
  // The user pays to transcribe a video; the answer is lost (a timeout: the service may still be
  // transcribing, and has charged). The view says so: "The transcription did not answer… Checking
  // is free", and offers "Transcribe again" with a warning. The user goes back to the ranked ads
  // and opens the ad again a moment later: the warning is gone and a plain "Transcribe
  // (2 credits)" is offered, whose question no longer says the last one may be running. The
  // unknown outcome lived only in the view's useMutation (useTranscript, use-account-ad.ts),
  // dropped when TranscriptView unmounted; the worker's join (createTranscriber,
  // lib/background/transcripts.ts) ended with the failure, so a second click is charged again.
  it('still warns that the last transcription may be running', async () => {
    const asked = background(
      service([SPEND], ({ type }) =>
        type === 'accounts.transcribe'
          ? new Lost('The transcription did not answer in time: it may still be running. Check before trying again.')
          : undefined,
      ),
    );
    await render(<AccountsTab />);
    await waitForPage(() => expect(rankedNames()).toEqual(['Acme spring tent']));
    await clickButton('Acme spring tent');
    await waitForPage(() => expect(button('Transcribe (2 credits)')).toBeDefined());
    await clickButton('Transcribe (2 credits)');
    await waitForPage(() => expect(button('Transcribe for 2 credits')).toBeDefined());
    await clickButton('Transcribe for 2 credits');
    await waitForPage(() => expect(text()).toContain('The transcription did not answer.'));
    expect(asked.filter(({ type }) => type === 'accounts.transcribe')).toHaveLength(1);

    await clickButton('Back to ranked ads');
    await waitForPage(() => expect(rankedNames()).toEqual(['Acme spring tent']));
    clock.advance(20_000);
    await clickButton('Acme spring tent');
    await waitForPage(() => expect(text()).toContain('No transcript of this video yet.'));
    await act(tick);

    expect(text()).toContain('The transcription did not answer.');
    expect(button('Transcribe (2 credits)')).toBeUndefined();
  });
});
