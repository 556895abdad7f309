import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { fitKeyword, KEYWORDS_MAX } from '@/lib/keyword-limits';
import type { SimilarResult } from '@/lib/messaging/similar';
import { safeHttpUrl } from '@/lib/url';
import { QueryView } from '../ui/query-view';
import { FindSimilarHow } from '../ui/shortcuts';
import { AdGridSkeleton } from '../ads/ad-results';
import { AdDetail } from '../ads/ad-detail';
import { navigate } from '../navigation/navigation-store';
import { type PageHandover, useSimilarStore } from './similar-store';
import { BrandSection, LandingSection, Section } from './similar-sections';
import { type NameChoices, nameChoices } from './read-page';
import { WhyTheseResults } from './why-these-results';
import { useSimilar } from './use-similar';
import { t } from '@/lib/i18n';
import { rich } from '../ui/rich';
import './similar.css';
import 'virtual:adscope-english/similar';

/** A page a trigger handed over: being read, or why it could not be. */
function HandoverView({ handover }: { handover: PageHandover }) {
  const id = useId();
  return (
    <section className="tab-section similar" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {handover.title ? t('similar.heading', { title: handover.title }) : t('similar.headingThisPage')}
      </h2>
      {handover.state === 'failed' ? (
        <div className="notice notice-error" role="alert">
          <p>
            <strong>{t('similar.handover.failed')}</strong>
          </p>
          <p>{handover.error}</p>
        </div>
      ) : (
        <AdGridSkeleton label={t('similar.handover.reading')} />
      )}
    </section>
  );
}

/** "Similar to <page or ad>": the brand's ads and similar ads from other brands, with the reasons. */
export default function SimilarTab() {
  const id = useId();
  const { request, handover, setKeywords, prefer } = useSimilarStore();
  const choices = useMemo(() => (request?.kind === 'page' ? nameChoices(request.signals) : null), [request]);
  const [openAd, setOpenAd] = useState<LibraryAd | null>(null);
  const result = useSimilar(request);

  if (handover) return <HandoverView handover={handover} />;
  if (!request) {
    return (
      <div className="empty-state">
        <h2>{t('similar.empty.title')}</h2>
        <p>{rich('similar.empty.body', { how: <FindSimilarHow /> })}</p>
      </div>
    );
  }
  if (openAd) return <AdDetail adId={openAd.id} fromList={openAd} onBack={() => setOpenAd(null)} />;

  const data = result.data;
  const link = safeHttpUrl(data?.url);

  return (
    <section className="tab-section similar" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {data && !data.title
          ? t(data.url ? 'similar.headingThisPage' : 'similar.headingThisAd')
          : t('similar.heading', { title: data?.title ?? '…' })}
      </h2>
      {link ? (
        <p className="muted similar-source" title={link}>
          {new URL(link).host}
        </p>
      ) : null}
      <QueryView
        query={result}
        loadingLabel={t('similar.finding')}
        loading={<AdGridSkeleton label={t('similar.finding')} />}
        errorTitle={t('similar.findError')}
      >
        {(data) => (
          <SimilarResults
            key={data.url ?? data.title}
            result={data}
            // The keywords asked for, once the user has edited them: the answer on screen may be the last
            // one (kept while the new search loads), and a second edit made on its list would undo the first.
            keywords={request.keywords ?? data.keywords}
            choices={choices}
            prefer={request.kind === 'page' ? request.prefer : undefined}
            updating={result.isFetching}
            stale={result.isPlaceholderData}
            onKeywords={setKeywords}
            onPrefer={prefer}
            onOpen={setOpenAd}
          />
        )}
      </QueryView>
    </section>
  );
}

/** The found brands, the ads that lead here and similar ads; with a site and a maker, the user picks which leads. */
function SimilarResults({
  result: data,
  keywords,
  choices,
  prefer,
  updating,
  stale,
  onKeywords,
  onPrefer,
  onOpen,
}: {
  result: SimilarResult;
  keywords: readonly string[];
  choices: NameChoices | null;
  prefer: { site?: string; maker?: string } | undefined;
  updating: boolean;
  /** The answer on screen is the last one, kept while the edited keywords' search loads. */
  stale: boolean;
  onKeywords: (keywords: string[]) => void;
  onPrefer: (role: 'site' | 'maker', name: string | null) => void;
  onOpen: (ad: LibraryAd) => void;
}) {
  const [lead, setLead] = useState(data.lead);
  const role = data.url ? 'site' : 'ad';
  const site = data.site ? <BrandSection key="site" brand={data.site} role={role} onOpen={onOpen} /> : null;
  const maker = data.maker ? <BrandSection key="maker" brand={data.maker} role="maker" onOpen={onOpen} /> : null;
  return (
    <>
      <WhyTheseResults result={data} choices={choices} prefer={prefer} onPrefer={onPrefer} />
      {data.site && data.maker ? (
        <LeadSwitch site={data.site.name} maker={data.maker.name} lead={lead} onChange={setLead} />
      ) : null}
      <KeywordRow keywords={keywords} onChange={onKeywords} />
      {updating ? (
        <p role="status" className="results-status">
          {t('similar.updating')}
        </p>
      ) : null}
      {lead === 'maker' ? [maker, site] : [site, maker]}
      {data.landing && data.site ? <LandingSection landing={data.landing} site={data.site} onOpen={onOpen} /> : null}
      <Section
        title={t('similar.others.title')}
        ads={data.similarAds}
        // Not said of the last keywords' answer while the new ones are searched.
        empty={stale ? t('similar.finding') : t('similar.others.empty')}
        onOpen={onOpen}
        action={
          data.usedKeywords.length > 0 ? (
            <button
              type="button"
              className="btn"
              onClick={() =>
                navigate({
                  to: 'search',
                  query: data.usedKeywords.join(' '),
                  languages: data.language ? [data.language] : [],
                })
              }
            >
              {t('similar.others.seeAll')}
            </button>
          ) : null
        }
      />
    </>
  );
}

/** Which brand's ads come first: the store the page is on, or the maker of its product. */
function LeadSwitch(props: {
  site: string;
  maker: string;
  lead: 'site' | 'maker';
  onChange: (lead: 'site' | 'maker') => void;
}) {
  const id = useId();
  return (
    <fieldset className="lead-switch">
      <legend>{t('similar.lead.legend')}</legend>
      {(['site', 'maker'] as const).map((value) => (
        <label key={value} className="chip-choice">
          <input
            type="radio"
            name={`${id}-lead`}
            checked={props.lead === value}
            onChange={() => props.onChange(value)}
          />{' '}
          {value === 'site'
            ? t('similar.lead.site', { name: props.site })
            : t('similar.lead.maker', { name: props.maker })}
        </label>
      ))}
    </fieldset>
  );
}

/** The keywords of the similar search: remove one, or add one (KEYWORDS_MAX at most, each cut to fit). */
function KeywordRow({ keywords, onChange }: { keywords: readonly string[]; onChange: (keywords: string[]) => void }) {
  const id = useId();
  const [newKeyword, setNewKeyword] = useState('');
  const rowRef = useRef<HTMLDivElement>(null);
  // A keyword removed: the focus goes to the × of the one now in its place (or the one before it),
  // else to the field that adds one, never to the page's body.
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAfterRemove.current;
    if (at === null) return;
    focusAfterRemove.current = null;
    const row = rowRef.current;
    const removes = row?.querySelectorAll<HTMLButtonElement>('.chip-remove') ?? [];
    (removes[Math.min(at, removes.length - 1)] ?? row?.querySelector<HTMLInputElement>('input'))?.focus();
  }, [keywords]);
  function removeKeyword(word: string) {
    focusAfterRemove.current = keywords.indexOf(word);
    onChange(keywords.filter((k) => k !== word));
  }
  function addKeyword(event: FormEvent) {
    event.preventDefault();
    const word = newKeyword.trim().toLowerCase();
    const keyword = fitKeyword(word);
    if (!keyword || keywords.includes(keyword) || keywords.length >= KEYWORDS_MAX) return;
    onChange([...keywords, keyword]);
    setNewKeyword('');
  }
  return (
    <div className="keyword-row" ref={rowRef}>
      <ul className="chips list-plain" aria-label={t('similar.keywords.label')}>
        {keywords.map((word) => (
          <li key={word} className="chip">
            <span>{word}</span>
            <button
              type="button"
              className="chip-remove"
              aria-label={t('similar.keywords.remove', { keyword: word })}
              onClick={() => removeKeyword(word)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form className="input-row" onSubmit={addKeyword}>
        <label htmlFor={`${id}-keyword`} className="visually-hidden">
          {t('similar.keywords.add')}
        </label>
        <input
          id={`${id}-keyword`}
          type="text"
          placeholder={t('similar.keywords.add')}
          value={newKeyword}
          onChange={(event) => setNewKeyword(event.target.value)}
        />
        <button type="submit" className="btn">
          {t('similar.keywords.addButton')}
        </button>
      </form>
    </div>
  );
}
