import { browser } from 'wxt/browser';
import { ApiError } from '../../messaging/api-error';
import { t } from '../../i18n';
import 'virtual:adscope-english/api';
import 'virtual:adscope-english/page';
import { z } from 'zod/mini';
import { lazily } from '../../lazy';
import { defineValidatedItem } from '../../storage/validated-item';
import { PAGE_BUTTON_ORIGINS, type PageButtonState } from '../../messaging/page-button-access';
import { FIND_SIMILAR_SCRIPT, PAGE_BUTTON_SCRIPT_ID, type PageButtonWords } from '../../messaging/page-trigger';
import { workerLanguageReady } from '../language';

export const pageButtonItem = defineValidatedItem(
  'local:pageButton',
  lazily(() => z.strictObject({ enabled: z.boolean() })),
  {
    fallback: { enabled: false },
  },
);

export interface PageButtonDeps {
  hasOrigins: (origins: string[]) => Promise<boolean>;
  registered: () => Promise<boolean>;
  register: () => Promise<void>;
  unregister: () => Promise<void>;
}

export const browserPageButtonDeps: PageButtonDeps = {
  hasOrigins: (origins) => browser.permissions.contains({ origins }),
  registered: async () =>
    (await browser.scripting.getRegisteredContentScripts({ ids: [PAGE_BUTTON_SCRIPT_ID] })).length > 0,
  register: () =>
    browser.scripting.registerContentScripts([
      {
        id: PAGE_BUTTON_SCRIPT_ID,
        matches: PAGE_BUTTON_ORIGINS,
        js: [FIND_SIMILAR_SCRIPT],
        runAt: 'document_idle',
        allFrames: false,
      },
    ]),
  unregister: () => browser.scripting.unregisterContentScripts({ ids: [PAGE_BUTTON_SCRIPT_ID] }),
};

/**
 * Makes the browser match the setting: the script is registered only while the user wants
 * the button and the browser grants the access; access revoked in the browser turns it off.
 */
export async function reconcilePageButton(deps: PageButtonDeps = browserPageButtonDeps): Promise<PageButtonState> {
  const [{ enabled }, granted, registered] = await Promise.all([
    pageButtonItem.get(),
    deps.hasOrigins(PAGE_BUTTON_ORIGINS),
    deps.registered(),
  ]);
  const wanted = enabled && granted;
  if (wanted && !registered) await deps.register();
  if (!wanted && registered) await deps.unregister();
  if (enabled && !granted) await pageButtonItem.set({ enabled: false });
  return { enabled: wanted, granted };
}

/** Turns the button on (the options page has asked for access first) or off; on without access is refused. */
export async function setPageButton(
  enabled: boolean,
  deps: PageButtonDeps = browserPageButtonDeps,
): Promise<PageButtonState> {
  await pageButtonItem.set({ enabled });
  const state = await reconcilePageButton(deps);
  if (enabled && !state.granted) {
    throw new ApiError({
      code: 'permission_denied',
      field: 'pageButton',
      message: t('api.pageButton.denied', { origins: PAGE_BUTTON_ORIGINS.join(', ') }),

      retryable: false,
    });
  }
  return state;
}

/** The page button's words in the chosen language: the injected script asks for them when it first shows the button. */
export async function pageButtonWords(): Promise<PageButtonWords> {
  await workerLanguageReady();
  return {
    label: t('page.button.label'),
    title: t('page.button.title'),
    ready: t('page.button.ready'),
    refused: t('page.button.refused'),
    gone: t('page.button.gone'),
  };
}
