import { browser } from 'wxt/browser';
import { t } from '../i18n';
import 'virtual:adscope-english/worker';

/** The toolbar button's API: `action` in MV3, `browserAction` in Firefox's MV2. */
export function toolbarAction() {
  const api = browser as unknown as { action?: typeof browser.action; browserAction?: typeof browser.action };
  return api.action ?? api.browserAction;
}

const JOBS_COLOR = '#1d4ed8';
const NEWS_COLOR = '#067647';

/** What each part of the extension last reported; the badge shows one number, the title both. */
const shown = { jobs: 0, news: 0 };

/**
 * The one writer of the toolbar badge. Running image generations win: they last a minute and
 * the user is waiting on them; the count of new ads from watched brands comes back when they
 * end. The button's title always names both.
 */
export function showOnBadge(part: 'jobs' | 'news', count: number): void {
  shown[part] = count;
  const action = toolbarAction();
  if (!action) return;
  const { jobs, news } = shown;
  const text = jobs > 0 ? String(jobs) : news > 0 ? (news > 99 ? '99+' : String(news)) : '';
  void action.setBadgeText({ text }).catch(() => undefined);
  void action.setBadgeBackgroundColor({ color: jobs > 0 ? JOBS_COLOR : NEWS_COLOR }).catch(() => undefined);
  void action.setTitle({ title: toolbarTitle(jobs, news) }).catch(() => undefined);
}

/** The toolbar button's title in the language shown: what runs and what is new, or the name alone. */
export function toolbarTitle(jobs: number, news: number): string {
  const running = jobs > 0 ? t('worker.badge.jobs', { count: jobs }) : null;
  const fresh = news > 0 ? t('worker.badge.news', { count: news }) : null;
  if (running && fresh) return t('worker.badge.titleBoth', { jobs: running, news: fresh });
  const details = running ?? fresh;
  return details ? t('worker.badge.title', { details }) : 'Adscope';
}

/** The title again in a new language, with the counts it last had. */
export function relabelBadge(): void {
  const action = toolbarAction();
  void action?.setTitle({ title: toolbarTitle(shown.jobs, shown.news) }).catch(() => undefined);
}
