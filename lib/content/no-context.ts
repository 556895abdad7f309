/**
 * What stands in for WXT's content-script context in the find-similar script's build (wxt.config.ts). The script never
 * uses a context: it keeps its own rule that the newest copy owns the button (lib/content/page-button.ts) and tells the
 * page nothing, where WXT's context announces every copy with an event on the page's document and weighs 1.2 KB gzip,
 * a quarter of the script's budget. WXT constructs it with the script's name and options, which it ignores.
 */
export class ContentScriptContext {}
