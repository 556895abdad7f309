/*
 * Apart from the fetching (lib/media.ts): the vault keeps these with what it left out
 * (lib/vault/db.ts), and pages that never fetch a creative (Options) read the vault.
 */

/**
 * Why a creative is not here: the kinds a person is told, counted. Data, never words: the pages
 * say them in the language shown (components/ui/media-words.ts), and the vault keeps them so.
 */
export type MediaFailure =
  | { kind: 'timeout'; ms: number }
  | { kind: 'http'; status: number }
  | { kind: 'network' }
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'not-image' }
  | { kind: 'private' }
  | { kind: 'not-web' };

/**
 * A fetch that failed (no answer, a network error, an HTTP error), as against a creative that is
 * not one to keep (not an image, too large, on a private address, not a web address): what a
 * later Keep this board may still get.
 */
export function isFetchFailure(failure: MediaFailure): boolean {
  return failure.kind === 'timeout' || failure.kind === 'network' || failure.kind === 'http';
}
