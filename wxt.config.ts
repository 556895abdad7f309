import path from 'node:path';
import { defineConfig } from 'wxt';
import { COMMANDS, DEFAULT_SHORTCUTS } from './lib/commands';
import { HOMEPAGE_URL, MINIMUM_CHROME_VERSION, MINIMUM_FIREFOX_VERSION } from './scripts/project';
import { catalogueFiles, englishCatalogues } from './scripts/i18n/catalogues';
import { shortMessageIds } from './scripts/i18n/short-ids';
import { firstLoadChunks } from './scripts/first-load-chunks';
import { inlinePageStyles } from './scripts/inline-page-styles';

/** The side panel's first load in a few chunks (scripts/first-load-chunks.ts). */
const firstLoad = firstLoadChunks();

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
      // The store's words live in assets/static/_locales (one file per language).
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
      homepage_url: HOMEPAGE_URL,
      // Measured from the APIs the built code calls: tests/built/browser-minimums.test.ts.
      ...(firefox ? {} : { minimum_chrome_version: MINIMUM_CHROME_VERSION }),
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
      action: { default_title: '__MSG_extName__' },
      commands: {
        ...(firefox
          ? {
              [COMMANDS.openSidebar]: {
                suggested_key: { default: DEFAULT_SHORTCUTS.openSidebar },
                description: '__MSG_commandOpenSidebar__',
              },
            }
          : {
              [COMMANDS.openPanel]: {
                suggested_key: { default: DEFAULT_SHORTCUTS.openPanel },
                description: '__MSG_commandOpenPanel__',
              },
            }),
        [COMMANDS.findSimilar]: {
          suggested_key: { default: DEFAULT_SHORTCUTS.findSimilar },
          description: '__MSG_commandFindSimilar__',
        },
      },
      ...(firefox
        ? {
            browser_specific_settings: {
              gecko: {
                id: 'adscope@adscope.dev',
                strict_min_version: MINIMUM_FIREFOX_VERSION,
                // What leaves the browser, to the Advertising Intelligence Service the user set
                // (docs/store-listing.md): the API key with each request (authenticationInfo);
                // find-similar sends names and keywords from the page's title, selection and
                // domain (websiteContent, browsingActivity); searches send what the user typed
                // (searchTerms).
                data_collection_permissions: {
                  required: ['authenticationInfo', 'websiteContent', 'browsingActivity', 'searchTerms'],
                },
              },
            },
          }
        : {}),
    };
  },
  // `npm run dev` (scripts/dev.ts) names the browser; these flags keep it off networks this machine cannot reach.
  webExt: {
    binaries: {
      ...(process.env.CHROMIUM_PATH ? { chrome: process.env.CHROMIUM_PATH } : {}),
      ...(process.env.FIREFOX_PATH ? { firefox: process.env.FIREFOX_PATH } : {}),
    },
    chromiumArgs: [
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Chromium refuses to run as root without it (containers, CI machines).
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  },
  vite: ({ mode }) => ({
    // Catalogues compiled at build time: each bundle's English inside it, the other languages beside it.
    // The bench build is the production code: WXT defines NODE_ENV as the mode in the worker and
    // the injected scripts, which would ship the libraries' development code there (Lingui's
    // message compiler in the worker) and time that instead. A plugin's config comes last.
    plugins: [
      englishCatalogues(),
      shortMessageIds(path.resolve('lib/i18n/catalogues/en.json'), path.resolve('.')),
      firstLoad.plugin,
      // Each page's own stylesheets in its HTML: none holds the first frame for a fetch.
      inlinePageStyles(),
      ...(mode === 'bench'
        ? [{ name: 'adscope-bench-production', config: () => ({ define: { 'process.env.NODE_ENV': '"production"' } }) }]
        : []),
    ],
    build: {
      // Every browser Adscope runs in preloads modules itself: no polyfill in each page. A page's
      // HTML names no module to preload: the side panel's picture script would share the first
      // moments with them, and the entry asks for its few chunks itself (lazy imports keep theirs,
      // less what their importer has loaded already).
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps, { hostId, hostType }) =>
          hostType === 'html' ? [] : firstLoad.preloads(deps, hostId),
      },
      rollupOptions: {
        output: {
          // Every script ASCII: one character past it makes the browser hold the whole script as
          // two-byte text, and a woken worker read its own 1 to 2 ms slower (docs/performance.md).
          charset: 'ascii',
          // Libraries every page that loads them needs whole, each in one chunk rather than spread
          // over the chunks of the app's modules that import them (fewer files, better gzip).
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            ],
          },
        },
      },
      // A build with source maps tells what each bundle is made of (bench/bundle-map.ts).
      ...(process.env.ADSCOPE_SOURCEMAP === '1' ? { sourcemap: true } : {}),
    },
  }),
  ...(process.env.ADSCOPE_SOURCEMAP === '1' ? { outDir: '.output/map' } : {}),
  zip: {
    excludeSources: ['tests/**', 'server/**', 'bench/**', 'scripts/**', '.ci/**'],
  },
  hooks: {
    'build:publicAssets': (wxt, files) => {
      files.push(...catalogueFiles(wxt.config.mode, undefined, { short: wxt.config.command === 'build' }));
    },
    // The injected find-similar script uses no content-script context: a stub takes WXT's place in its build only
    // (lib/content/no-context.ts), which keeps the script within its 5 KB budget and the page from hearing of it.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (entrypoints.some((entrypoint) => entrypoint.name === 'sidepanel')) firstLoad.extend(config);
      // The worker ships zod: it checks an error that crossed a boundary by its zod schema, without
      // the JSON Schema and its checker the pages without zod use (lib/messaging/serialized-check.ts).
      const worker = entrypoints.some((entrypoint) => entrypoint.name === 'background');
      if (!worker && !entrypoints.some((entrypoint) => entrypoint.name === 'find-similar')) return;
      const stub = worker
        ? { find: /^\.\/serialized-check$/, replacement: path.resolve('lib/messaging/serialized-check-zod.ts') }
        : { find: 'wxt/utils/content-script-context', replacement: path.resolve('lib/content/no-context.ts') };
      const alias = config.resolve?.alias;
      const aliases = Array.isArray(alias)
        ? alias
        : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
      config.resolve = { ...config.resolve, alias: [stub, ...aliases] };
    },
  },
});
