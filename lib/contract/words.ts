/**
 * A contract check's message id: the `checks` area of the catalogue. The contract imports nothing
 * of the extension, not even the catalogue's types: a unit test holds every id named here to the
 * English catalogue (tests/unit/i18n/contract-words.test.ts).
 */
export type CheckId = `checks.${string}`;
/** Values for a message's placeholders, as lib/i18n takes them. */
export type CheckValues = Record<string, string | number>;
type Say = (id: CheckId, values?: CheckValues) => string;

let say: Say | null = null;

/**
 * How the contract's checks speak. The contract is shared with the reference server, which runs
 * in plain Node without the build's virtual modules, so it names no catalogue itself: in the
 * extension's bundles (and the unit tests) the build appends the shown language's `t()` and the
 * `checks` area's English to this module (scripts/i18n/catalogues.ts), so the words travel in the
 * chunk that runs the checks; the server installs English (server/check-words.ts).
 */
export function sayChecksWith(next: Say): void {
  say = next;
}

/** Whether something speaks the checks already (the build's `t()`, or the server's English). */
export function checksSpoken(): boolean {
  return say !== null;
}

/**
 * A check's sentence, made when the check fails (in a zod error function, never at module load),
 * so it is in the language shown at that moment.
 */
export function checkWords(id: CheckId, values?: CheckValues): string {
  return say ? say(id, values) : id;
}
