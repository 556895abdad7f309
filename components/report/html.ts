/**
 * HTML built by construction: every value put into an `html` template is escaped unless it is
 * itself built by `html`. A report is written with these alone, so no text from the API can
 * become markup, whatever it holds.
 */
const SAFE = Symbol('safe-html');

export interface SafeHtml {
  readonly [SAFE]: true;
  readonly value: string;
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made inert for both element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function isSafe(value: unknown): value is SafeHtml {
  return typeof value === 'object' && value !== null && SAFE in value;
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (isSafe(value)) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

function trusted(value: string): SafeHtml {
  return { [SAFE]: true, value };
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return trusted(out);
}

/** A data: URI this code made from bytes it fetched and checked (never a URL from the API). */
export function imageDataUri(mime: string, base64: string): SafeHtml {
  if (!/^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/.test(mime) || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
    throw new TypeError('not an image this report embeds');
  }
  return trusted(`data:${mime};base64,${base64}`);
}

/**
 * A `<style>` element around a style sheet of this code's own (a constant, never API text),
 * built whole so its text is exactly `css`, the text a CSP hash is taken of.
 */
export function styleElement(css: string): SafeHtml {
  if (css.includes('<')) throw new TypeError('a style sheet may not contain "<"');
  return trusted(`<style>${css}</style>`);
}

/** An HTML comment of this code's own (a constant name, never API text), for a place in a page. */
export function marker(name: string): SafeHtml {
  if (!/^[a-z-]+$/.test(name)) throw new TypeError('a marker is a plain name');
  return trusted(`<!--${name}-->`);
}

/** The whole document's text. */
export function toDocument(page: SafeHtml): string {
  return `<!doctype html>\n${page.value}`;
}
