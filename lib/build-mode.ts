/**
 * Whether this is a build for the people who make and test Adscope: development (`npm run
 * dev`), e2e and bench. Only these know the local demo server, its keys and the test hooks;
 * a production build, the one stores get, compiles every branch that asks this away. Outside a
 * build (Node running a test's or a script's import of a shared module) there is no
 * `import.meta.env`: that is never a store's build.
 */
export const DEMO_BUILD: boolean = import.meta.env?.MODE !== 'production';
