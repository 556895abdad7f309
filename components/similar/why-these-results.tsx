import { KEYWORDS_TOGETHER } from '@/lib/keyword-limits';
import type { BrandFound, SimilarResult } from '@/lib/messaging/similar';
import type { NameProblem, NameReading, Signal } from '@/lib/page-reading';
import { sameName } from '@/lib/page-reading';
import { type MessageId, t } from '@/lib/i18n';
import { languageName } from '../ui/format';
import type { NameChoices } from './read-page';
import 'virtual:adscope-english/similar';

/** Why a text was not taken as a name, in a person's words. */
const PROBLEM_WORDS: Record<NameProblem, MessageId> = {
  'file name': 'similar.why.problem.fileName',
  'logo word': 'similar.why.problem.logoWord',
  'domain ending': 'similar.why.problem.domainEnding',
  'number or code': 'similar.why.problem.numberOrCode',
  promotion: 'similar.why.problem.promotion',
  'season’s greeting': 'similar.why.problem.greeting',
};

/** Where a name came from, in words; the markup's own names (og:site_name, RDFa) stay as they are. */
const SIGNAL_WORDS: Partial<Record<string, MessageId>> = {
  'structured data': 'similar.why.signal.structuredData',
  publisher: 'similar.why.signal.publisher',
  'app name': 'similar.why.signal.appName',
  logo: 'similar.why.signal.logo',
  title: 'similar.why.signal.title',
  domain: 'similar.why.signal.domain',
  'product brand': 'similar.why.signal.productBrand',
  microdata: 'similar.why.signal.microdata',
  byline: 'similar.why.signal.byline',
  'product details': 'similar.why.signal.productDetails',
};

/** Where the language came from, in words; the markup's own names (content-language, og:locale) stay as they are. */
const LANGUAGE_SOURCE_WORDS: Partial<Record<string, MessageId>> = {
  'lang attribute': 'similar.why.languageSource.langAttribute',
  "browser's detection": 'similar.why.languageSource.browser',
  none: 'similar.why.languageSource.none',
  ad: 'similar.why.languageSource.ad',
};

function signalWords(signal: string): string {
  const id = SIGNAL_WORDS[signal];
  return id ? t(id) : signal;
}

function languageSourceWords(source: string): string {
  const id = LANGUAGE_SOURCE_WORDS[source];
  return id ? t(id) : source;
}

/** Why a brand was taken, in words: the worker sends a code (BrandReason) and the signal that named it. */
function reasonWords(brand: BrandFound): string {
  return t('similar.why.reason', { reason: brand.reason, signal: signalWords(brand.signal) });
}

/** Names set aside shown at most, per role. */
const SET_ASIDE_SHOWN = 3;

/** "the logo", "the logo and the domain", "the logo, the title and the domain". */
function signalList(signals: readonly Signal[]): string {
  const words = signals.map((signal) => t('similar.why.signalThe', { signal: signalWords(signal) }));
  if (words.length < 2) return words[0] ?? '';
  return t('similar.why.list', {
    items: words.slice(0, -1).join(t('similar.why.listSeparator')),
    last: words.at(-1) ?? '',
  });
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
  const notes = [];
  if (top && chosen && !sameName(chosen, top.name)) {
    notes.push(
      <li key="chosen">
        {t('similar.why.chosen', {
          chosen,
          role,
          top: top.name,
          signals: signalList(reading.signals[0] ?? [top.signal]),
          count: reading.signals[0]?.length ?? 1,
        })}{' '}
        <button type="button" className="btn-link" onClick={() => onPrefer(role, null)}>
          {t('similar.why.useAgain', { name: top.name })}
        </button>
      </li>,
    );
  } else if (top && runner) {
    const topSignals = reading.signals[0] ?? [top.signal];
    notes.push(
      <li key="runner">
        {topSignals.length > 1
          ? t('similar.why.runnerAgree', {
              signal: signalWords(runner.signal),
              role,
              runner: runner.name,
              top: top.name,
              signals: signalList(topSignals),
            })
          : t('similar.why.runnerWeighs', {
              signal: signalWords(runner.signal),
              role,
              runner: runner.name,
              top: top.name,
              topSignal: signalWords(top.signal),
            })}{' '}
        <button type="button" className="btn-link" onClick={() => onPrefer(role, runner.name)}>
          {t('similar.why.useInstead', { name: runner.name })}
        </button>
      </li>,
    );
  }
  for (const aside of reading.setAside.slice(0, SET_ASIDE_SHOWN)) {
    notes.push(
      <li key={`${aside.signal}:${aside.name}`}>
        {t('similar.why.setAside', {
          name: aside.name,
          signal: signalWords(aside.signal),
          role,
          problem: t(PROBLEM_WORDS[aside.problem]),
        })}
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
    <details className="why" aria-label={t('similar.why.label')}>
      <summary>
        {data.site && data.maker
          ? t('similar.why.siteAndMaker', { site: data.site.name, maker: data.maker.name })
          : only
            ? t('similar.why.brand', { brand: only.name, reason: reasonWords(only) })
            : data.unmatched.length > 0
              ? t('similar.why.unmatched', {
                  names: data.unmatched.map((name) => name.name).join(t('similar.why.listSeparator')),
                })
              : t('similar.why.noBrand')}
      </summary>
      <ul>
        {[data.site, data.maker].map((brand) =>
          brand ? (
            <li key={brand.id}>
              {brand.reason === 'ad'
                ? t('similar.why.fromAd', { brand: brand.name })
                : t('similar.why.namedBy', {
                    brand: brand.name,
                    signal: signalWords(brand.signal),
                    reason: reasonWords(brand),
                  })}
            </li>
          ) : null,
        )}
        {data.unmatched.map((name) => (
          <li key={name.name}>{t('similar.why.matchedNone', { name: name.name, signal: signalWords(name.signal) })}</li>
        ))}
        {choices ? (
          <>
            <NameNotes role="site" reading={choices.site} chosen={prefer?.site} onPrefer={onPrefer} />
            <NameNotes role="maker" reading={choices.maker} chosen={prefer?.maker} onPrefer={onPrefer} />
          </>
        ) : null}
        <li>
          {data.usedKeywords.length === 0
            ? t('similar.why.noKeywords')
            : data.usedKeywords.length < Math.min(KEYWORDS_TOGETHER, data.keywords.length) ||
                data.usedKeywords[0] !== data.keywords[0]
              ? t('similar.why.keywordsFewer', { keywords: data.usedKeywords.join(', ') })
              : data.usedKeywords.length < data.keywords.length
                ? t('similar.why.keywordsFirst', {
                    keywords: data.usedKeywords.join(', '),
                    count: data.usedKeywords.length,
                  })
                : t('similar.why.keywords', { keywords: data.usedKeywords.join(', ') })}
        </li>
        <li>
          {data.language
            ? t('similar.why.language', {
                language: languageName(data.language) ?? data.language,
                source: languageSourceWords(data.languageSource),
              })
            : t('similar.why.noLanguage')}
        </li>
      </ul>
    </details>
  );
}
