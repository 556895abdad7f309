/** "1 ad", "3 ads", "1,200 ads": a count with its noun, singular when it is one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${new Intl.NumberFormat('en').format(count)} ${count === 1 ? singular : plural}`;
}
