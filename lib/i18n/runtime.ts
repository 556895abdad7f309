import { browser } from 'wxt/browser';
import { DEMO_BUILD } from '../build-mode';
import { followLanguage } from '../locale';
import { type Messages, showLanguage } from './index';
import {
  cataloguePath,
  isLanguageChoice,
  type LanguageChoice,
  resolveLanguage,
  type ShownLanguage,
  SOURCE_LANGUAGE,
} from './languages';

export interface LanguageSources {
  /** The choice stored with the settings (`auto` when none). */
  readChoice(): Promise<LanguageChoice>;
  /** A language's compiled messages. */
  fetchCatalogue(language: ShownLanguage): Promise<Messages>;
  /** The browser's languages, preferred first. */
  preferred(): readonly string[];
}

/**
 * The choice, read straight from storage.local: the item lib/storage/settings.ts writes, whose zod
 * schema the popup cannot afford. Anything but a known choice is the browser's language.
 */
async function readStoredChoice(): Promise<LanguageChoice> {
  const { settings } = await browser.storage.local.get('settings');
  return storedChoice(settings);
}

function storedChoice(settings: unknown): LanguageChoice {
  const language =
    typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).language : undefined;
  return isLanguageChoice(language) ? language : 'auto';
}

/** A catalogue from the extension's own files: fetch works in pages and in a service worker alike. */
async function fetchOwnCatalogue(language: ShownLanguage): Promise<Messages> {
  const response = await fetch(new URL(`/${cataloguePath(language)}`, globalThis.location.href));
  if (!response.ok) throw new Error(`No catalogue for ${language} (${response.status}).`);
  const messages: unknown = await response.json();
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages))
    throw new Error(`The catalogue for ${language} is not a set of messages.`);
  return messages as Messages;
}

export const browserLanguageSources: LanguageSources = {
  readChoice: readStoredChoice,
  fetchCatalogue: fetchOwnCatalogue,
  preferred: () => globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? SOURCE_LANGUAGE],
};

const loaded = new Map<ShownLanguage, Messages>();

/** Forgets every catalogue read so far, as a fresh page starts: the next choice reads its catalogue again. */
export function forgetCatalogues(): void {
  loaded.clear();
}

/** The newest apply: an older one whose catalogue answers after it shows nothing and answers as it does. */
let latestApply = 0;
let newestApply: Promise<ShownLanguage> = Promise.resolve(SOURCE_LANGUAGE);

/**
 * Shows the chosen language (the browser's unless Options names one), loading its catalogue once,
 * and makes every date and number follow it. A catalogue that cannot be read leaves English.
 * When the choice changes again while a catalogue loads, the last choice wins, whichever answers
 * last; the earlier call resolves to the language the later one shows.
 */
export function applyLanguageChoice(sources: LanguageSources = browserLanguageSources): Promise<ShownLanguage> {
  newestApply = applyOnce(sources, ++latestApply);
  return newestApply;
}

async function applyOnce(sources: LanguageSources, ticket: number): Promise<ShownLanguage> {
  const choice = await sources.readChoice().catch(() => 'auto' as const);
  const chosen = resolveLanguage(choice, sources.preferred(), DEMO_BUILD);
  let language = chosen;
  if (language !== SOURCE_LANGUAGE && !loaded.has(language)) {
    try {
      const messages = await sources.fetchCatalogue(language);
      loaded.set(language, messages);
    } catch (error) {
      if (ticket === latestApply) console.warn('Adscope stays in English:', error);
      language = SOURCE_LANGUAGE;
    }
  }
  if (ticket !== latestApply) return newestApply;
  // Dates and numbers need no catalogue: they follow the chosen language even when its words could not load.
  followLanguage(chosen);
  showLanguage(language, loaded.get(language));
  return language;
}

/** Follows a change of the stored choice (from Options, in any page); returns its stop. */
export function watchLanguageChoice(onChange: () => void = () => void applyLanguageChoice()): () => void {
  const listener = (changes: Record<string, { newValue?: unknown; oldValue?: unknown }>, area: string) => {
    if (area !== 'local' || !('settings' in changes)) return;
    const change = changes.settings;
    if (storedChoice(change?.newValue) !== storedChoice(change?.oldValue)) onChange();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
