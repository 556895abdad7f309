import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { englishCatalogues } from './scripts/i18n/catalogues.ts';

/** The fault property and the simulated week run the longest by far: started first, the other files share the other core meanwhile. */
const LONGEST = ['exactly-once.test.ts', 'week.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = (file: TestSpecification) => LONGEST.some((name) => file.moduleId.endsWith(name));
    return [...sorted.filter(longest), ...sorted.filter((file) => !longest(file))];
  }
}

export default defineConfig({
  plugins: [WxtVitest(), englishCatalogues()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/support/english.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
    // Files of one worker share their modules: importing the server, zod and WXT once per worker,
    // not once per file, is most of the suite's time. Every file starts from a reset fake browser
    // and its own server, and the suite passes in any file order (--sequence.shuffle.files).
    isolate: false,
    // Vitest keeps a core free by default; on two cores that is one file at a time. The tests mostly
    // wait on sockets and timers, so every core takes files.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: LongestFirst },
  },
});
