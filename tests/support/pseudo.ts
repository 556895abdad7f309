import { expect, type Page } from '@playwright/test';

/**
 * What the pseudo-language pass reads on a page: every visible text, accessible name, title,
 * placeholder and option that is not in the pseudo-language (a text that skipped the catalogue),
 * and every element whose text is cut off or that runs out of the page.
 */
export interface PseudoFindings {
  notPseudo: string[];
  clipped: string[];
}

/**
 * Reads a page, or the parts of it named by `within` (selectors); `allowed` are texts shown as
 * they are (product names, each language's own name, service data).
 */
export async function readPseudoFindings(
  page: Page,
  allowed: readonly (string | RegExp)[] = [],
  within: readonly string[] = ['body'],
): Promise<PseudoFindings> {
  const patterns = allowed.map((entry) => (typeof entry === 'string' ? { text: entry } : { source: entry.source }));
  return page.evaluate(
    ({ allowedPatterns, roots }) => {
      const accented = /[\u00c0-\u024f\u1e00-\u1eff]/;
      const isAllowed = (text: string) =>
        allowedPatterns.some((entry) =>
          'text' in entry ? text === entry.text : new RegExp(entry.source, 'u').test(text),
        );
      // Two Latin letters together and no accented one: English that skipped the catalogue.
      const notPseudo = (text: string) => {
        const trimmed = text.replace(/\s+/g, ' ').trim();
        return /[A-Za-z]{2}/.test(trimmed) && !accented.test(trimmed) && !isAllowed(trimmed);
      };
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
      const findings = { notPseudo: [] as string[], clipped: [] as string[] };
      const width = document.documentElement.clientWidth;
      for (const root of roots.flatMap((selector) => [...document.querySelectorAll(selector)])) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
          const inSelect = parent.closest('select');
          const hidden = !parent.checkVisibility({ visibilityProperty: true }) && !parent.closest('.visually-hidden');
          if (!inSelect && hidden) continue;
          const text = node.textContent ?? '';
          if (notPseudo(text)) findings.notPseudo.push(`${describe(parent)}: ${text.trim()}`);
        }
        for (const element of [root, ...root.querySelectorAll('*')]) {
          for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
            const value = element.getAttribute(name);
            if (value && notPseudo(value)) findings.notPseudo.push(`${describe(element)} [${name}]: ${value}`);
          }
          if (!(element instanceof HTMLElement) || !element.checkVisibility() || element.closest('.visually-hidden'))
            continue;
          const style = getComputedStyle(element);
          const hidesOverflow = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
          if (hidesOverflow && element.scrollWidth > element.clientWidth + 1 && element.textContent?.trim())
            findings.clipped.push(`${describe(element)}: ${element.textContent.trim().slice(0, 60)}`);
          const box = element.getBoundingClientRect();
          if (box.width > 0 && box.right > width + 1 && style.position !== 'fixed')
            findings.clipped.push(`${describe(element)} runs out of the page (${Math.round(box.right)} px)`);
        }
      }
      if (document.documentElement.scrollWidth > width + 1)
        findings.clipped.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
      return findings;
    },
    { allowedPatterns: patterns, roots: within },
  );
}

/** Texts every surface shows as they are: the product's name and each language's own name. */
export const ALWAYS_AS_IS: readonly (string | RegExp)[] = [
  'Adscope',
  'English',
  'Deutsch',
  'Français',
  'Español',
  'Português (Brasil)',
];

/** Fails on a text not in the pseudo-language and on text cut off, at the page's present width. */
export async function expectPseudoEverywhere(
  page: Page,
  allowed: readonly (string | RegExp)[] = [],
  within: readonly string[] = ['body'],
): Promise<void> {
  const findings = await readPseudoFindings(page, [...ALWAYS_AS_IS, ...allowed], within);
  expect(findings, `at ${page.viewportSize()?.width ?? '?'} px`).toEqual({ notPseudo: [], clipped: [] });
}
