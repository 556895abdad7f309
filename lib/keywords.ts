/** Text helpers for building searches, shared by the background's find-similar and the pages. */

/** Lower case, accents dropped, anything but letters and digits as one space: "Acmé-Trail!" → "acme trail". */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
