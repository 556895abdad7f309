import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noFocusedOrSkipped = [
  { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
  { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
];
/** TanStack Query's data hooks, called from hooks (use-*.ts), never from a view. */
const QUERY_HOOKS = ['useQuery', 'useInfiniteQuery', 'useQueries', 'useMutation', 'useQueryClient', 'useSuspenseQuery'];
/** zod's classic API cannot be tree-shaken: a schema written with it brings all of zod (26 KB gzip) into a bundle. */
const CLASSIC_ZOD = ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
  name,
  message: "Import { z } from 'zod/mini': bundles keep only the parts of zod a schema uses (docs/performance.md).",
}));
/**
 * WXT auto-imports its `storage` wherever a module uses a name `storage` it did not import, and a
 * parameter counts: the panel's picture script once carried all of @wxt-dev/storage (2.8 KB) so.
 */
const AUTO_IMPORTED_STORAGE = [
  ':function > Identifier.params',
  'AssignmentPattern > Identifier.left',
  'VariableDeclarator > Identifier.id',
  'ObjectPattern > Property > Identifier.value',
].map((binding) => ({
  selector: `${binding}[name='storage']`,
  message:
    "Name it for what it holds (pageStorage, area): WXT adds @wxt-dev/storage to the bundle for a binding named 'storage'.",
}));
const READS_THE_CLOCK = 'Take a Clock (lib/clock.ts) or a `now` argument instead of reading the real time here.';

/**
 * The house's walls (docs/architecture.md): which runtime may import what. Each pattern is a
 * regular expression over the import string, so relative and `@/` imports are caught alike.
 */
const wall = (regex, message, allowTypeImports = false) => ({ regex, message, allowTypeImports });
const WALLS = {
  worker: wall('(^|/)background(/|$)', 'Only the service worker imports lib/background: it holds the key.'),
  content: wall('(^|/)lib/content(/|$)', 'lib/content runs inside web pages; extension pages do not import it.'),
  server: wall('(^|/)server(/|$)', 'The reference server is not part of the extension.'),
  components: wall('(^|/)components(/|$)', 'Only extension pages import components/.'),
};
/**
 * The content script's allowlist: the browser API, its own DOM code (lib/content), the
 * zod-free trigger constants, and types of messages and of the contract. Everything else is
 * refused, whatever it is, so a new dependency has to be added here on purpose.
 */
const CONTENT_SCRIPT_ALLOWS = [
  wall(
    '^(?!(wxt/browser|\\./[a-z-]+|@/lib/content/[a-z-]+|(\\.\\./|@/lib/)(messaging|contract)/[a-z-]+)$)',
    'The content script is plain DOM within 5 KB: it imports only wxt/browser, lib/content, message types and the contract types.',
  ),
  wall(
    '(^|/)(messaging/(?!page-trigger$)|contract/)[a-z-]+$',
    'The content script imports only types from lib/messaging and lib/contract (and the zod-free page-trigger).',
    true,
  ),
];
/** Shared by every view: the UI kit, navigation, the ad kit and the report. A feature imports no other feature. */
const SHARED_COMPONENTS = ['ui', 'navigation', 'ads', 'report'];
const FEATURES = [
  'accounts',
  'boards',
  'brands',
  'generate',
  'options',
  'popup',
  'saved-ads',
  'search',
  'similar',
  'watchlist',
  'workspace',
];
const onlyComponents = (allowed, message) =>
  wall(`^(\\.\\./|@/components/)(?!(${allowed.join('|')})/)[a-z-]+/`, message);
const restrict = (files, patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});
const PAGE_WALLS = [WALLS.worker, WALLS.content, WALLS.server];

export default tseslint.config(
  {
    ignores: [
      '.output/**',
      '.wxt/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.tour/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, defineBackground: 'readonly', defineContentScript: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'no-restricted-syntax': ['error', ...noFocusedOrSkipped],
      'no-restricted-imports': ['error', { paths: CLASSIC_ZOD }],
    },
  },
  {
    // Time is read in one place per runtime, so every reader can be given a fixed instant.
    files: ['lib/**', 'components/**', 'entrypoints/**', 'server/**'],
    ignores: ['lib/clock.ts', 'server/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noFocusedOrSkipped,
        ...AUTO_IMPORTED_STORAGE,
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: READS_THE_CLOCK },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: READS_THE_CLOCK },
        { selector: "NewExpression[callee.name='UTCDate'][arguments.length=0]", message: READS_THE_CLOCK },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A view is a function of its data: fetching and derived state live in a hook beside it
    // (use-*.ts), and no function grows past what a reader takes in at once.
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['components/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...CLASSIC_ZOD,
            {
              name: '@tanstack/react-query',
              importNames: QUERY_HOOKS,
              message: 'Views take data and render: put the query or mutation in a hook beside the view (use-*.ts).',
            },
          ],
        },
      ],
    },
  },
  // Extension pages: never the worker's code, the content script's or the server's.
  restrict(
    ['components/**', 'entrypoints/{sidepanel,popup,options,welcome}/**', 'entrypoints/panel-picture.ts'],
    PAGE_WALLS,
  ),
  ...FEATURES.map((feature) =>
    restrict(
      [`components/${feature}/**`],
      [
        ...PAGE_WALLS,
        onlyComponents(
          [...SHARED_COMPONENTS, feature],
          `A feature imports no other feature: navigate, or share through ${SHARED_COMPONENTS.join(', ')}.`,
        ),
      ],
    ),
  ),
  restrict(
    ['components/ads/**'],
    [...PAGE_WALLS, onlyComponents(SHARED_COMPONENTS, 'The ad kit is shared: it imports no feature.')],
  ),
  restrict(
    ['components/report/**'],
    [...PAGE_WALLS, onlyComponents(['ui', 'report'], 'The report is shared: it imports only the UI kit.')],
  ),
  restrict(
    ['components/navigation/**'],
    [...PAGE_WALLS, onlyComponents(['ui', 'navigation'], 'Navigation imports no view.')],
  ),
  restrict(['components/ui/**'], [...PAGE_WALLS, onlyComponents(['ui'], 'The UI kit imports no view.')]),
  // The content script runs inside other people's pages: what it may import is listed, the rest is refused.
  restrict(['entrypoints/find-similar.content/**', 'lib/content/**'], CONTENT_SCRIPT_ALLOWS),
  // The contract is the bottom of the house: both the client and the reference server import it.
  restrict(
    ['lib/contract/**'],
    [
      // lib/url and lib/lazy import nothing themselves.
      wall('^\\.\\./(?!(url|lazy)$)', 'lib/contract imports nothing of the extension but lib/url and lib/lazy.'),
      wall(
        '^@/(?!lib/(contract|url|lazy)(/|$))',
        'lib/contract imports nothing of the extension but lib/url and lib/lazy.',
      ),
      wall('^wxt(/|$)', 'lib/contract knows no browser: the reference server imports it.'),
    ],
  ),
  restrict(
    ['lib/messaging/**', 'lib/storage/**'],
    [
      WALLS.worker,
      WALLS.components,
      WALLS.server,
      wall('(^|/)content/', "Message types are shared; the content script's code is not."),
    ],
  ),
  restrict(
    ['lib/background/**'],
    [
      WALLS.components,
      WALLS.server,
      wall('(^|/)content/', "The worker does not import the content script's DOM code."),
    ],
  ),
  restrict(
    ['server/**'],
    [
      wall('(^|/)lib/(?!contract/)', 'The reference server imports only lib/contract.'),
      WALLS.components,
      wall('(^|/)entrypoints(/|$)', 'The reference server imports only lib/contract.'),
    ],
  ),
  {
    // Playwright fixtures take an empty object pattern when they need no other fixture.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
