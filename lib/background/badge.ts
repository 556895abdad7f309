import { browser } from 'wxt/browser';
import { countOf } from '../count';

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
  const parts = [
    jobs > 0 ? `${countOf(jobs, 'image generation')} running` : null,
    news > 0 ? `${countOf(news, 'new ad')} from watched brands` : null,
  ].filter(Boolean);
  void action.setBadgeText({ text }).catch(() => undefined);
  void action.setBadgeBackgroundColor({ color: jobs > 0 ? JOBS_COLOR : NEWS_COLOR }).catch(() => undefined);
  void action.setTitle({ title: parts.length > 0 ? `Adscope: ${parts.join('; ')}` : 'Adscope' }).catch(() => undefined);
}
