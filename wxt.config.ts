import { defineConfig } from 'wxt';

/** Loopback origins the reference server listens on; granted at install only in the e2e/dev build. */
const LOOPBACK_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];
/** The API origin is chosen by the user, so it can only be asked for at runtime. */
const OPTIONAL_API_HOSTS = ['https://*/*', 'http://*/*'];

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  publicDir: 'assets/static',
  manifest: ({ browser, mode }) => {
    const firefox = browser === 'firefox';
    const grantsLoopback = mode === 'e2e' || mode === 'bench' || mode === 'development';
    return {
      name: 'Adscope',
      description:
        'Ad research in a click: similar ads, the ad library, brand catalogue, boards, your ad accounts and image generation.',
      permissions: [
        'storage',
        'activeTab',
        'scripting',
        'alarms',
        'contextMenus',
        'notifications',
        ...(firefox ? [] : ['sidePanel']),
      ],
      // WXT moves host_permissions into permissions for MV2 but drops optional_host_permissions there.
      ...(firefox ? { optional_permissions: OPTIONAL_API_HOSTS } : { optional_host_permissions: OPTIONAL_API_HOSTS }),
      ...(grantsLoopback ? { host_permissions: LOOPBACK_HOSTS } : {}),
      action: { default_title: 'Adscope' },
      commands: {
        ...(firefox
          ? {
              _execute_sidebar_action: {
                suggested_key: { default: 'Alt+Shift+A' },
                description: 'Open the Adscope sidebar',
              },
            }
          : {
              'open-side-panel': {
                suggested_key: { default: 'Alt+Shift+A' },
                description: 'Open the Adscope side panel',
              },
            }),
        'find-similar': {
          suggested_key: { default: 'Alt+Shift+S' },
          description: 'Find ads similar to this page',
        },
      },
      ...(firefox
        ? {
            browser_specific_settings: {
              gecko: {
                id: 'adscope@adscope.dev',
                strict_min_version: '142.0',
                // What leaves the browser, to the Advertising Intelligence Service the user set:
                // find-similar sends the page's title, the selected text and names taken from the
                // site's domain (websiteContent, browsingActivity); library and brand searches send
                // what the user typed (searchTerms).
                data_collection_permissions: { required: ['websiteContent', 'browsingActivity', 'searchTerms'] },
              },
            },
          }
        : {}),
    };
  },
  zip: {
    excludeSources: ['tests/**', 'server/**', 'bench/**', 'scripts/**', '.ci/**'],
  },
});
