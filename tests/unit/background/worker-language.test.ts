import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { toolbarTitle } from '../../../lib/background/badge';
import { endedNotice } from '../../../lib/background/jobs/generation-runner';
import { labelInWorkerLanguage, startWorkerLanguage, workerLanguageReady } from '../../../lib/background/language';
import { newAdsNotice } from '../../../lib/background/watch/watch-service';
import { applyLanguageChoice, forgetCatalogues, type LanguageSources } from '../../../lib/i18n/runtime';
import { followLanguage } from '../../../lib/locale';
import type { GenerationJob } from '../../../lib/storage/generation-jobs';
import { settingsItem } from '../../../lib/storage/settings';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';

/** The worker's sources: the real stored choice, catalogues compiled from the files as the build ships them. */
const sources: LanguageSources = {
  readChoice: async () => (await settingsItem.get()).language,
  fetchCatalogue: async (language) => compiledLanguage(language),
  preferred: () => ['en-US'],
};

const job = (phase: GenerationJob['phase'], made: number, total: number): GenerationJob => ({
  id: 'job-00000001',
  createdAt: 0,
  choice: { prompt: 'Summer', brand_id: 'b1', size: total },
  brandName: 'Acme',
  phase,
  submitAttempts: 1,
  pollFailures: 0,
  nextAt: 0,
  generationId: 'g1',
  status: null,
  imageIds: [],
  images: Array.from({ length: total }, (_, index) => ({
    id: `i${index}`,
    status: index < made ? ('success' as const) : ('failed' as const),
    url: null,
    concept: null,
    error: null,
  })),
  error: null,
  finishedAt: 0,
});

let stop: () => void = () => undefined;
beforeEach(() => fakeBrowser.reset());
afterEach(async () => {
  stop();
  fakeBrowser.reset();
  await applyLanguageChoice(sources);
  followLanguage(undefined);
});

describe('the worker in the chosen language', () => {
  it('words its notifications and toolbar title in the language chosen in Options, after a restart too', async () => {
    await settingsItem.set({ theme: 'system', language: 'de' });
    // A restart: a new worker knows nothing but what storage kept.
    followLanguage(undefined);
    stop = startWorkerLanguage(sources);
    await workerLanguageReady();
    expect(endedNotice(job('done', 3, 3))).toEqual({
      title: 'Deine Bilder sind fertig',
      message: 'Acme: Öffne Adscope über die Symbolleiste, um sie zu sehen.',
    });
    expect(endedNotice(job('done', 2, 4)).title).toBe('Bilder fertig: 2 von 4');
    expect(newAdsNotice(21, ['Acme', 'Brio'])).toEqual({
      title: '21 neue Anzeigen von Acme und 1 weiteren Marke',
      message: 'Öffne Adscope, um sie unter „Neu“ zu sehen.',
    });
    expect(toolbarTitle(1, 5)).toBe('Adscope: 1 Bildgenerierung läuft; 5 neue Anzeigen von beobachteten Marken');
  });

  it('follows a new choice at once, and titles its menus again', async () => {
    stop = startWorkerLanguage(sources);
    await workerLanguageReady();
    const titles: string[] = [];
    labelInWorkerLanguage(() => titles.push(toolbarTitle(2, 0)));
    await workerLanguageReady();
    await settingsItem.set({ theme: 'system', language: 'ja' });
    await expect.poll(() => titles.at(-1)).toBe('Adscope：画像生成2件を実行中');
    expect(newAdsNotice(1, []).title).toBe('ウォッチ中のブランドの新着広告1件');
    expect(endedNotice(job('failed', 0, 2)).message).toBe('Acme：画像を作成できませんでした。');
  });

  it.each([
    ['fr', '1 nouvelle publicité de Acme', '5 nouvelles publicités de Acme'],
    ['es', '1 anuncio nuevo de Acme', '5 anuncios nuevos de Acme'],
    ['pt-BR', '1 anúncio novo de Acme', '5 anúncios novos de Acme'],
  ] as const)('%s: counts its notifications by the language’s plurals', async (language, one, five) => {
    await settingsItem.set({ theme: 'system', language });
    stop = startWorkerLanguage(sources);
    await workerLanguageReady();
    expect([newAdsNotice(1, ['Acme']).title, newAdsNotice(5, ['Acme']).title]).toEqual([one, five]);
  });
});

describe('the worker’s language changed while a notification waits on the one read at start', () => {
  it('German chosen, Japanese chosen while German’s catalogue loads, German answering last: worded in Japanese', async () => {
    forgetCatalogues();
    let releaseGerman: () => void = () => undefined;
    const german = new Promise<void>((resolve) => (releaseGerman = resolve));
    const slowGerman: LanguageSources = {
      ...sources,
      fetchCatalogue: async (language) => {
        if (language === 'de') await german;
        return compiledLanguage(language);
      },
    };
    await settingsItem.set({ theme: 'system', language: 'de' });
    stop = startWorkerLanguage(slowGerman);
    const done = job('done', 1, 1);
    // As notifyEnded: the ready of the language read at start, then the words.
    const worded = workerLanguageReady().then(() => endedNotice(done).title);
    await settingsItem.set({ theme: 'system', language: 'ja' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    releaseGerman();
    expect(await worded).toBe('画像ができあがりました');
  });
});
