/** Says in the worker's console what Adscope could not do, and why; the work goes on without it. */
export function couldNot(what: string): (error: unknown) => void {
  return (error) => console.warn(`Adscope could not ${what}:`, error instanceof Error ? error.message : error);
}
