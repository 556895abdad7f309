import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noFocusedOrSkipped = [
  { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
  { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
];
const READS_THE_CLOCK = 'Take a Clock (lib/clock.ts) or a `now` argument instead of reading the real time here.';

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
    // Playwright fixtures take an empty object pattern when they need no other fixture.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
