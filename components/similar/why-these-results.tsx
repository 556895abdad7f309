import type { SimilarResult } from '@/lib/messaging/similar';
import type { NameProblem, NameReading, Signal } from '@/lib/page-reading';
import { sameName } from '@/lib/page-reading';
import { languageName } from '../ui/format';
import type { NameChoices } from './read-page';

/** Why a text was not taken as a name, in a person's words. */
const PROBLEM_WORDS: Record<NameProblem, string> = {
  'file name': 'it is a file name',
  'logo word': 'it says “logo” and nothing else names it',
  'domain ending': 'it is only a domain ending or punctuation',
  'number or code': 'it is a number or a code',
  promotion: 'it is a promotion’s text',
  'season’s greeting': 'it is a season’s greeting',
};

/** Names set aside shown at most, per role. */
const SET_ASIDE_SHOWN = 3;

/** "the logo", "the logo and the domain", "the logo, the title and the domain". */
function signalList(signals: readonly Signal[]): string {
  const words = signals.map((signal) => `the ${signal}`);
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/**
 * The name a strong signal gave that lost to the one taken, when the two disagree: the runner-up
 * given by a signal other than the domain, with the weight of a logo or more.
 */
function runnerUp(reading: NameReading): { name: string; signal: Signal } | null {
  const top = reading.names[0];
  if (!top) return null;
  const runner = reading.names.find(
    (name, i) => i > 0 && name.signal !== 'domain' && name.weight >= 3 && !sameName(name.name, top.name),
  );
  return runner ? { name: runner.name, signal: runner.signal } : null;
}

/** One role's disagreement and the names set aside, each with why, and the switch to the other name. */
function NameNotes({
  role,
  reading,
  chosen,
  onPrefer,
}: {
  role: 'site' | 'maker';
  reading: NameReading;
  chosen: string | undefined;
  onPrefer: (role: 'site' | 'maker', name: string | null) => void;
}) {
  const top = reading.names[0];
  const runner = runnerUp(reading);
  const what = role === 'site' ? 'the site' : 'the maker';
  const notes = [];
  if (top && chosen && !sameName(chosen, top.name)) {
    notes.push(
      <li key="chosen">
        You chose “{chosen}” as {what} over “{top.name}”, which {signalList(reading.signals[0] ?? [top.signal])}{' '}
        {(reading.signals[0]?.length ?? 0) > 1 ? 'name' : 'names'}.{' '}
        <button type="button" className="btn-link" onClick={() => onPrefer(role, null)}>
          Use “{top.name}” again
        </button>
      </li>,
    );
  } else if (top && runner) {
    const topSignals = reading.signals[0] ?? [top.signal];
    notes.push(
      <li key="runner">
        The page’s {runner.signal} names {what} “{runner.name}”; “{top.name}” was taken because{' '}
        {topSignals.length > 1 ? `${signalList(topSignals)} agree on it` : `the ${top.signal} weighs more`}.{' '}
        <button type="button" className="btn-link" onClick={() => onPrefer(role, runner.name)}>
          Use “{runner.name}” instead
        </button>
      </li>,
    );
  }
  for (const aside of reading.setAside.slice(0, SET_ASIDE_SHOWN)) {
    notes.push(
      <li key={`${aside.signal}:${aside.name}`}>
        “{aside.name}” (the page’s {aside.signal}) was not taken as {what}’s name: {PROBLEM_WORDS[aside.problem]}.
      </li>,
    );
  }
  return <>{notes}</>;
}

/**
 * The brands found in one line; on request, which signal named each, where two signals disagreed
 * and which one lost and why (with a button to take the other), the texts not taken as names,
 * the keywords and the language.
 */
export function WhyTheseResults({
  result: data,
  choices,
  prefer,
  onPrefer,
}: {
  result: SimilarResult;
  /** The page's names as the panel read them; null for an ad. */
  choices: NameChoices | null;
  prefer?: { site?: string; maker?: string };
  onPrefer: (role: 'site' | 'maker', name: string | null) => void;
}) {
  const only = data.site && data.maker ? null : (data.site ?? data.maker);
  return (
    <details className="why" aria-label="Why these results">
      <summary>
        {data.site && data.maker
          ? `Site: ${data.site.name} · Maker: ${data.maker.name}.`
          : only
            ? `Brand: ${only.name}, because ${only.reason}.`
            : data.unmatched.length > 0
              ? `No catalogue brand matched ${data.unmatched.map((name) => name.name).join(', ')}; only similar ads are shown.`
              : 'The page names no brand; only similar ads are shown.'}
      </summary>
      <ul>
        {[data.site, data.maker].map((brand) =>
          brand ? (
            <li key={brand.id}>
              {brand.name}: named by the page's {brand.signal}; {brand.reason}.
            </li>
          ) : null,
        )}
        {data.unmatched.map((name) => (
          <li key={name.name}>
            {name.name} (the page's {name.signal}) matched no catalogue brand.
          </li>
        ))}
        {choices ? (
          <>
            <NameNotes role="site" reading={choices.site} chosen={prefer?.site} onPrefer={onPrefer} />
            <NameNotes role="maker" reading={choices.maker} chosen={prefer?.maker} onPrefer={onPrefer} />
          </>
        ) : null}
        <li>
          {data.usedKeywords.length > 0
            ? `Similar ads contain every one of: ${data.usedKeywords.join(', ')}${data.usedKeywords.length < data.keywords.length ? ' (all the words together matched nothing)' : ''}.`
            : 'No keywords to search with: add one below.'}
        </li>
        <li>
          {data.language
            ? `Language: ${languageName(data.language)}, from the ${data.languageSource}.`
            : 'Language: not given by the page, so similar ads of any language are shown.'}
        </li>
      </ul>
    </details>
  );
}
