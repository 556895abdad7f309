import { type FormEvent, useId, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { SimilarResult } from '@/lib/messaging/similar';
import { safeHttpUrl } from '@/lib/url';
import { QueryView } from '../ui/query-view';
import { FindSimilarHow } from '../ui/shortcuts';
import { languageName, possessive } from '../ui/format';
import { AdGridSkeleton } from '../ads/ad-results';
import { AdCardList } from '../ads/ad-card-list';
import { AdDetail } from '../ads/ad-detail';
import { navigate } from '../navigation/navigation-store';
import { type PageHandover, useSimilarStore } from './similar-store';
import { useSimilar } from './use-similar';
import './similar.css';

function Section({
  title,
  ads,
  empty,
  onOpen,
  action,
}: {
  title: string;
  ads: LibraryAd[];
  empty: string;
  onOpen: (ad: LibraryAd) => void;
  action?: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="card-section">
      <div className="view-header">
        <h3 id={`${id}-heading`}>{title}</h3>
        {action}
      </div>
      {ads.length === 0 ? <p className="muted">{empty}</p> : <AdCardList label={title} ads={ads} onOpen={onOpen} />}
    </section>
  );
}

/** A page a trigger handed over: being read, or why it could not be. */
function HandoverView({ handover }: { handover: PageHandover }) {
  const id = useId();
  const title = handover.title || 'this page';
  return (
    <section className="tab-section similar" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Similar to {title}</h2>
      {handover.state === 'failed' ? (
        <div className="notice notice-error" role="alert">
          <p>
            <strong>Could not read the page</strong>
          </p>
          <p>{handover.error}</p>
        </div>
      ) : (
        <AdGridSkeleton label="Reading the page" />
      )}
    </section>
  );
}

/** "Similar to <page or ad>": the brand's ads and similar ads from other brands, with the reasons. */
export default function SimilarTab() {
  const id = useId();
  const { request, handover, setKeywords } = useSimilarStore();
  const [openAd, setOpenAd] = useState<LibraryAd | null>(null);
  const result = useSimilar(request);

  if (handover) return <HandoverView handover={handover} />;
  if (!request) {
    return (
      <div className="empty-state">
        <h2>Find similar ads</h2>
        <p>
          On any website, <FindSimilarHow />. Here, choose “More like this” on any ad. You get that brand's ads and
          similar ads from other brands.
        </p>
      </div>
    );
  }
  if (openAd) return <AdDetail adId={openAd.id} fromList={openAd} onBack={() => setOpenAd(null)} />;

  const data = result.data;
  const link = safeHttpUrl(data?.url);

  return (
    <section className="tab-section similar" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Similar to {data?.title ?? '…'}</h2>
      {link ? (
        <p className="muted similar-source" title={link}>
          {new URL(link).host}
        </p>
      ) : null}
      <QueryView
        query={result}
        loadingLabel="Finding similar ads"
        loading={<AdGridSkeleton label="Finding similar ads" />}
        errorTitle="Could not find similar ads"
      >
        {(data) => (
          <>
            <WhyTheseResults result={data} />
            <KeywordRow keywords={data.keywords} onChange={setKeywords} />
            {result.isFetching ? (
              <p role="status" className="results-status">
                Updating…
              </p>
            ) : null}
            {data.brand ? (
              <Section
                title={`${possessive(data.brand.name)} ads`}
                ads={data.brandAds}
                empty="No ads of this brand in the tracked coverage. An empty result does not prove the brand launched nothing."
                onOpen={setOpenAd}
                action={
                  <button
                    type="button"
                    className="btn"
                    onClick={() =>
                      navigate({ to: 'search', brand: data.brand && { id: data.brand.id, name: data.brand.name } })
                    }
                  >
                    See all in Search
                  </button>
                }
              />
            ) : null}
            <Section
              title="Similar ads from other brands"
              ads={data.similarAds}
              empty="No similar ads found: remove a keyword or add another."
              onOpen={setOpenAd}
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
                    See all in Search
                  </button>
                ) : null
              }
            />
          </>
        )}
      </QueryView>
    </section>
  );
}

/** The reason in one line; the rest on request, so the first ads stay near the top. */
function WhyTheseResults({ result: data }: { result: SimilarResult }) {
  return (
    <details className="why" aria-label="Why these results">
      <summary>
        {data.brand
          ? `Brand: ${data.brand.name}, because ${data.brand.reason}.`
          : data.candidates.length > 0
            ? `No catalogue brand matched ${data.candidates.slice(0, 3).join(', ')}; only similar ads are shown.`
            : 'The page names no brand; only similar ads are shown.'}
      </summary>
      <ul>
        <li>
          {data.usedKeywords.length > 0
            ? `Similar ads contain every one of: ${data.usedKeywords.join(', ')}${data.usedKeywords.length < data.keywords.length ? ' (all the words together matched nothing)' : ''}.`
            : 'No keywords to search with: add one below.'}
        </li>
        {data.language ? <li>Language: {languageName(data.language)}, the page's own.</li> : null}
      </ul>
    </details>
  );
}

/** The keywords of the similar search: remove one, or add one (10 at most). */
function KeywordRow({ keywords, onChange }: { keywords: readonly string[]; onChange: (keywords: string[]) => void }) {
  const id = useId();
  const [newKeyword, setNewKeyword] = useState('');
  function addKeyword(event: FormEvent) {
    event.preventDefault();
    const word = newKeyword.trim().toLowerCase();
    if (!word || keywords.includes(word) || keywords.length >= 10) return;
    onChange([...keywords, word.slice(0, 40)]);
    setNewKeyword('');
  }
  return (
    <div className="keyword-row">
      <ul className="chips list-plain" aria-label="Keywords">
        {keywords.map((word) => (
          <li key={word} className="chip">
            <span>{word}</span>
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove keyword ${word}`}
              onClick={() => onChange(keywords.filter((k) => k !== word))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form className="input-row" onSubmit={addKeyword}>
        <label htmlFor={`${id}-keyword`} className="visually-hidden">
          Add a keyword
        </label>
        <input
          id={`${id}-keyword`}
          type="text"
          placeholder="Add a keyword"
          value={newKeyword}
          onChange={(event) => setNewKeyword(event.target.value)}
        />
        <button type="submit" className="btn">
          Add
        </button>
      </form>
    </div>
  );
}
