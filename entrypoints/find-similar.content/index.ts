/**
 * The find-similar action inside a web page. It is never declared for any page in the
 * manifest: the background injects it on the user's gesture (runtime registration), so
 * pages where it was not triggered carry no cost. It holds plain DOM only: no React, no zod,
 * nothing from lib/api, and it can only reach the background's content-script requests.
 */
export default defineContentScript({
  registration: 'runtime',
  main() {
    // The page-signal reader and the shadow-root button arrive with the find-similar issue.
  },
});
