import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

type Compiled = ReturnType<typeof compileMessageOrThrow>;

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçðéƒĝĥîĵķļɱñöƥɋŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖƤɊŔŠŢÛṼŴẊÝŽ'][index] ?? letter,
  ]),
);
const FILLER = 'ļöŕéɱ îƥšûɱ ðöļöŕ šîţ åɱéţ çöñšéçţéţûŕ åðîƥîšçîñĝ éļîţ šéð ðö éîûšɱöð ţéɱƥöŕ ';

/** Every Latin letter accented, so a text that skipped the catalogue stands out as plain ASCII. */
export function accentText(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

/** The letters a reader sees of a compiled message: a plural or select counts its longest case. */
function textLength(tokens: Compiled | string): number {
  if (typeof tokens === 'string') return tokens.length;
  let length = 0;
  for (const token of tokens) {
    if (typeof token === 'string') length += token === '#' ? 0 : token.length;
    else if (token.length === 3 && typeof token[2] === 'object' && token[2] !== null) {
      const cases = Object.values(token[2] as Record<string, Compiled | string | undefined>).filter(
        (value) => value !== undefined && typeof value !== 'number',
      );
      length += Math.max(0, ...cases.map((value) => textLength(value as Compiled | string)));
    }
  }
  return length;
}

/**
 * The pseudo-language's form of an English message: accented, 40 % longer (in words that wrap,
 * as German's long compounds and French's longer phrases do) and bracketed, so a clipped end or a
 * text that skipped the catalogue shows at a glance. Placeholders, plurals and selects keep their
 * shape; only their text changes.
 */
export function pseudoMessage(message: string): Compiled {
  const compiled = compileMessageOrThrow(message, accentText);
  const extra = Math.ceil(textLength(compiled) * 0.4);
  const padding =
    extra === 0
      ? ''
      : ` ${FILLER.repeat(Math.ceil(extra / FILLER.length))
          .slice(0, extra)
          .trimEnd()}`;
  return ['[', ...compiled, `${padding}]`] as Compiled;
}
