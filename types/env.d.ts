/** Build-time variables of our own (WXT compiles `WXT_*` variables into the bundle: never a user's key). */
interface ImportMetaEnv {
  /** `npm run dev` only: the reference server the development build connects itself to, with the demo key. */
  readonly WXT_DEMO_SERVER?: string;
}

/** An area's English messages, compiled at build time and added where imported (scripts/i18n/catalogues.ts). */
declare module 'virtual:adscope-english/*' {}
