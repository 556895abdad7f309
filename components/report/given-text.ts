/** A text the service gave, or null when it gave none or only spaces (an empty title is legal, and says nothing). */
export function givenText(text: string | null | undefined): string | null {
  return text?.trim() || null;
}
