import { defineConfig } from 'vitest/config';

/** Checks of the production builds (`npm run build && npm run build:firefox` first): run by `npm run test:built`. */
export default defineConfig({
  test: {
    include: ['tests/built/**/*.test.ts'],
    environment: 'node',
  },
});
