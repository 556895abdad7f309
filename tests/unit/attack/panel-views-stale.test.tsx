// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import AccountsTab from '@/components/accounts/accounts-tab';
import { INITIAL_ACCOUNTS_VIEW, useAccountsStore } from '@/components/accounts/accounts-store';
import type { WindowParams } from '@/lib/contract/window';
import { manualClock, TEST_NOW } from '../../support/clock';
import { waitForPage } from '../../support/react-root';
import { held, pageWorld, tick } from '../../support/page-world';

/**
 * The side panel's Accounts view, when the user (or the clock) changes what the report is of
 * while an answer for the last choice is on its way. The background is replaced by a
 * `browser.runtime.sendMessage` that answers each request from the test, and holds the ones a
 * test wants to land later (or never). The time is a manual clock behind `Date.now`, which is
 * what `systemClock` reads: no test depends on the machine's date or time zone.
 *
 * 1. The user switches from account A to account B, whose metric catalogue is slow (or never
 *    comes): the view goes on showing A's totals and ranked ads under B's name.
 * 2. The user switches from "Last 7 days" to "Last 30 days": the 30-day window before lands
 *    before the 30-day totals, and each total shows a change computed from the 7-day total
 *    against the 30 days before (a figure that is neither).
 * 3. The same change of period, when the 30-day totals come before the 30-day ranked ads: the
 *    share chart draws the 7-day ads as shares of the 30-day total.
 * 4. The panel stays open across midnight UTC: "Last 7 days" is now another window, the window
 *    before is asked again for the new day, but the totals are not, so the change compares
 *    yesterday's week with a week that overlaps it.
 */

const { render, cleanups } = pageWorld();

const ACME = '0b1e7c1a-7d8e-4a51-9d3c-2f0c1a4b5e61';
const NORTHWIND = '6f2d9a40-3c1b-4e7a-8f5d-9a1b2c3d4e5f';

const accounts = {
  items: [
    { id: ACME, name: 'Acme Outdoor', platform: 'meta', currency: 'USD' },
    { id: NORTHWIND, name: 'Northwind Retail', platform: 'meta', currency: 'EUR' },
  ],
};
const catalogue = { items: [{ id: 'spend', name: 'Spend', kind: 'currency', format: 'currency', default: true }] };
const summary = (spend: number) => ({ metrics: { spend }, metric_names: { spend: 'Spend' } });
const ranked = (name: string, spend: number) => ({
  items: [{ platform_ad_id: `${name}-1`, name, metrics: { spend }, metric_names: { spend: 'Spend' } }],
  metric_names: { spend: 'Spend' },
  total_ads: 1,
});

interface Request {
  type: string;
  payload: { accountId?: string; window?: WindowParams };
}
type Answer = (request: Request) => unknown;

/** The background as the view sees it: each request answered by `answer`, all of them recorded. */
function background(answer: Answer) {
  const asked: Request[] = [];
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Request) => {
    asked.push(message);
    if (message.type === 'request.cancel') return { ok: true, data: {} };
    const data = answer(message);
    return data instanceof Promise ? data : { ok: true, data };
  }) as typeof browser.runtime.sendMessage);
  return asked;
}

/** The spend card of the totals, as the user reads it. */
const spendCard = () => document.querySelector('.summary-cards .summary-card')?.textContent ?? '';
/** The names of the ranked ads on screen. */
const rankedNames = () => [...document.querySelectorAll('.ranked-table tbody th')].map((cell) => cell.textContent);

/** Picks an option of a React-controlled select as a person does. */
function choose(select: HTMLSelectElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
  setValue?.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const isPreset = (window: WindowParams | undefined, period: string) => window?.period === period;
const isRange = (window: WindowParams | undefined, start: string, stop: string) =>
  window?.period === 'custom' && window.date_start === start && window.date_stop === stop;

let clock = manualClock();

beforeEach(() => {
  clock = manualClock(TEST_NOW);
  vi.spyOn(Date, 'now').mockImplementation(() => clock());
  useAccountsStore.setState({ ...INITIAL_ACCOUNTS_VIEW, accountId: ACME });
});

describe('the Accounts view, when another account is chosen while its report loads', () => {
  // Acme's report is on screen: $700 spent, its ad "Acme spring tent". The user picks Northwind
  // in the account select; Northwind's metric catalogue is slow to come (here it never does).
  // useAccountReport keeps the last answer as placeholder (keepPreviousData) for the totals and
  // the ranked ads, whose keys now name Northwind, and nothing is asked until the catalogue is
  // in: the view shows Acme's totals and Acme's ads under "Northwind Retail", with no "updating"
  // word (ranked.isFetching is false), and Export CSV names Acme's ads after Northwind.
  it("never shows the last account's figures under the account now chosen", async () => {
    const northwindCatalogue = held<unknown>();
    cleanups.push(() => northwindCatalogue.settle({ ok: true, data: catalogue }));
    background(({ type, payload }) => {
      if (type === 'accounts.list') return accounts;
      if (type === 'accounts.metrics') return payload.accountId === ACME ? catalogue : northwindCatalogue.promise;
      if (type === 'accounts.summary') return payload.accountId === ACME ? summary(700) : summary(90);
      if (type === 'accounts.ads')
        return payload.accountId === ACME ? ranked('Acme spring tent', 400) : ranked('Northwind rain jacket', 50);
      return {};
    });
    await render(<AccountsTab />);
    await waitForPage(() => expect(rankedNames()).toEqual(['Acme spring tent']));
    expect(spendCard()).toContain('700');

    const select = document.querySelector<HTMLSelectElement>('.accounts select');
    if (!select) throw new Error('no account select');
    await act(async () => choose(select, NORTHWIND));
    await act(tick);

    expect(select.value).toBe(NORTHWIND);
    expect(rankedNames()).not.toContain('Acme spring tent');
    expect(spendCard()).not.toContain('700');
  });
});

describe('the Accounts view, when the period is changed while its totals load', () => {
  // Last 7 days: $700 spent, $350 the 7 days before, "▲ 100%". The user picks Last 30 days.
  // The totals keep the 7-day answer as placeholder while the 30-day one loads, but the window
  // before (a query of its own, with no placeholder) answers first: $3,000 for the 30 days
  // before. The Spend card then reads "$700 ▼ 76.7%": the 7-day total against the 30 days
  // before, a change that is no one's.
  it('never shows a change made of the last window’s total and the new window’s before', async () => {
    const thirtyDays = held<unknown>();
    cleanups.push(() => thirtyDays.settle({ ok: true, data: summary(2_400) }));
    // At 2026-11-22T12:00Z: the last 7 days are 11-15 to 11-21, the 30 days 10-23 to 11-21.
    const asked = background(({ type, payload }) => {
      if (type === 'accounts.list') return accounts;
      if (type === 'accounts.metrics') return catalogue;
      if (type === 'accounts.ads') return ranked('Acme spring tent', 400);
      if (type !== 'accounts.summary') return {};
      const { window } = payload;
      if (isPreset(window, 'last_7d')) return summary(700);
      if (isRange(window, '2026-11-08', '2026-11-14')) return summary(350);
      if (isPreset(window, 'last_30d')) return thirtyDays.promise;
      if (isRange(window, '2026-09-23', '2026-10-22')) return summary(3_000);
      throw new Error(`unexpected window ${JSON.stringify(window)}`);
    });
    await render(<AccountsTab />);
    await waitForPage(() => expect(spendCard()).toContain('▲ 100'));

    const thirty = [...document.querySelectorAll<HTMLInputElement>('.period-picker input[type="radio"]')].find(
      (input) => input.value === 'last_30d',
    );
    if (!thirty) throw new Error('no Last 30 days');
    await act(async () => thirty.click());
    // The 30 days before have answered; the 30-day totals have not.
    await waitForPage(() =>
      expect(asked.some(({ payload }) => isRange(payload.window, '2026-09-23', '2026-10-22'))).toBe(true),
    );
    await act(tick);
    await act(tick);

    expect(spendCard()).not.toMatch(/[▲▼]/);
    await act(async () => {
      thirtyDays.settle({ ok: true, data: summary(2_400) });
      await tick();
    });
    await waitForPage(() => expect(spendCard()).toContain('2,400'));
    expect(spendCard()).toContain('▼ 20');
  });
});

describe('the Accounts view, when the period is changed while its ranked ads load', () => {
  // Last 7 days: the account spent $700, its top ad "Acme spring tent" $400 of it (57 %). The
  // user picks Last 30 days: the 30-day totals answer at once ($2,400), the 30-day ranked ads
  // are slower. The ranked table keeps the 7-day rows as placeholder (keepPreviousData), and
  // AccountFigures hands RankedTable the new total (it only withholds a total that is itself a
  // placeholder): the share chart draws the 7-day ad's $400 as 17 % of the 30 days' $2,400, a
  // share that is no one's, until the 30-day rows land (if they ever do).
  it('draws no share of the new window’s total from the last window’s ads', async () => {
    const thirtyDayAds = held<unknown>();
    cleanups.push(() => thirtyDayAds.settle({ ok: true, data: ranked('Acme winter parka', 1_200) }));
    background(({ type, payload }) => {
      if (type === 'accounts.list') return accounts;
      if (type === 'accounts.metrics') return catalogue;
      if (type === 'accounts.ads')
        return isPreset(payload.window, 'last_30d') ? thirtyDayAds.promise : ranked('Acme spring tent', 400);
      if (type !== 'accounts.summary') return {};
      const { window } = payload;
      if (isPreset(window, 'last_7d')) return summary(700);
      if (isPreset(window, 'last_30d')) return summary(2_400);
      return summary(350);
    });
    await render(<AccountsTab />);
    await waitForPage(() => expect(document.querySelector('.share-legend')?.textContent).toContain('57%'));

    const thirty = [...document.querySelectorAll<HTMLInputElement>('.period-picker input[type="radio"]')].find(
      (input) => input.value === 'last_30d',
    );
    if (!thirty) throw new Error('no Last 30 days');
    await act(async () => thirty.click());
    await waitForPage(() => expect(spendCard()).toContain('2,400'));

    // The 30 days' total is in, their ads are not: the rows on screen are the 7 days'.
    expect(rankedNames()).toEqual(['Acme spring tent']);
    expect(document.querySelector('.share-chart')).toBeNull();
    await act(async () => {
      thirtyDayAds.settle({ ok: true, data: ranked('Acme winter parka', 1_200) });
      await tick();
    });
    await waitForPage(() => expect(rankedNames()).toEqual(['Acme winter parka']));
    expect(document.querySelector('.share-legend')?.textContent).toContain('50%');
  });
});

describe('the Accounts view, left open across midnight UTC', () => {
  // At 23:59 on 2026-11-22 "Last 7 days" is 11-15 to 11-21 ($700, the week before $350). Two
  // minutes later it is 11-16 to 11-22. The user re-sorts the ranked ads: the page renders again
  // and asks for the window before the new week (11-09 to 11-15, $500), but the totals' query
  // key is only { period: 'last_7d' }, the same as yesterday's, so the totals are not asked
  // again: the view shows yesterday's week ($700) with "▲ 40%" against a week that overlaps it
  // by a day, and goes on doing so while the panel is open.
  it('asks the totals of the new day’s window once the day has changed', async () => {
    clock.set(Date.parse('2026-11-22T23:59:00.000Z'));
    const day = () => new Date(clock()).toISOString().slice(0, 10);
    background(({ type, payload }) => {
      if (type === 'accounts.list') return accounts;
      if (type === 'accounts.metrics') return catalogue;
      if (type === 'accounts.ads') return ranked(`Acme ad of ${day()}`, 400);
      if (type !== 'accounts.summary') return {};
      const { window } = payload;
      // The background resolves a preset with its own clock, the same one.
      if (isPreset(window, 'last_7d')) return summary(day() === '2026-11-22' ? 700 : 800);
      if (isRange(window, '2026-11-08', '2026-11-14')) return summary(350);
      if (isRange(window, '2026-11-09', '2026-11-15')) return summary(500);
      throw new Error(`unexpected window ${JSON.stringify(window)}`);
    });
    await render(<AccountsTab />);
    await waitForPage(() => expect(spendCard()).toContain('▲ 100'));
    expect(spendCard()).toContain('700');

    clock.set(Date.parse('2026-11-23T00:01:00.000Z'));
    // The user orders the ads lowest first: the view renders again at the new time.
    const order = document.querySelectorAll<HTMLSelectElement>('.rank-controls select')[1];
    if (!order) throw new Error('no order select');
    await act(async () => choose(order, 'asc'));
    await act(tick);
    await act(tick);

    await waitForPage(() => expect(spendCard()).toContain('800'));
    expect(spendCard()).toContain('▲ 60');
  });
});
