// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type NameChoices, nameChoices } from '../../../components/similar/read-page';
import { WhyTheseResults } from '../../../components/similar/why-these-results';
import { pageSignals } from '../../../lib/messaging/page-trigger';
import type { SimilarResult } from '../../../lib/messaging/similar';
import { reactRoot } from '../../support/react-root';

/**
 * "Why these results": which signal named the site and the maker, where two signals disagreed
 * and which one lost and why, with one button to take the other, and the texts not taken as names.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted = reactRoot();

const RESULT: SimilarResult = {
  title: 'Trail tent 2P',
  url: 'https://northwind.example/tent',
  site: {
    id: 'b1',
    name: 'Northwind',
    reason: 'name',
    signal: 'og:site_name',
    ads: [],
  },
  maker: null,
  lead: 'site',
  unmatched: [],
  keywords: ['trail', 'tent'],
  usedKeywords: ['trail', 'tent'],
  language: 'en',
  languageSource: 'lang attribute',
  similarAds: [],
  landing: null,
};

/** A page whose logo names another brand than its Open Graph site name, and whose banner holds a file name. */
const CHOICES: NameChoices = nameChoices(
  pageSignals({
    url: 'https://northwind.example/tent',
    hostname: 'northwind.example',
    metas: [['og:site_name', 'Northwind']],
    logos: ['Fabrikam Outdoor', 'brand_logotype_black'],
    makerLines: [['byline', 'Visit the Contoso Store']],
  }),
);

function render(prefer: { site?: string } | undefined, onPrefer = vi.fn()) {
  act(() =>
    mounted.root.render(<WhyTheseResults result={RESULT} choices={CHOICES} prefer={prefer} onPrefer={onPrefer} />),
  );
  return onPrefer;
}

const details = () => mounted.host.querySelector('details[aria-label="Why these results"]');
const buttons = () => Array.from(mounted.host.querySelectorAll('button'));

describe('why these results', () => {
  it('says which signal lost to which and why, and takes the other name with one click', () => {
    const onPrefer = render(undefined);
    expect(details()?.textContent).toContain(
      'The page’s logo names the site “Fabrikam Outdoor”; “Northwind” was taken because the og:site_name and the domain agree on it.',
    );
    const use = buttons().find((button) => button.textContent === 'Use “Fabrikam Outdoor” instead');
    expect(use?.getAttribute('type')).toBe('button');
    use?.focus();
    expect(document.activeElement).toBe(use);
    act(() => use?.click());
    expect(onPrefer).toHaveBeenCalledWith('site', 'Fabrikam Outdoor');
  });

  it('says what was not taken as a name, and why', () => {
    render(undefined);
    expect(details()?.textContent).toContain(
      '“brand_logotype_black” (the page’s logo) was not taken as the site’s name: it is a file name.',
    );
  });

  it('names the maker the byline gave', () => {
    expect(CHOICES.maker.names.map((name) => [name.name, name.signal])).toEqual([['Contoso', 'byline']]);
  });

  it('after a choice, says so and goes back to the reading’s name with one click', () => {
    const onPrefer = render({ site: 'Fabrikam Outdoor' });
    expect(details()?.textContent).toContain(
      'You chose “Fabrikam Outdoor” as the site over “Northwind”, which the og:site_name and the domain name.',
    );
    const back = buttons().find((button) => button.textContent === 'Use “Northwind” again');
    act(() => back?.click());
    expect(onPrefer).toHaveBeenCalledWith('site', null);
  });

  it('says which maker lost to which and why, and takes the other maker with one click', () => {
    // The product's metadata names one brand, the byline under its title another.
    const makers = nameChoices(
      pageSignals({
        url: 'https://northwind.example/tent',
        hostname: 'northwind.example',
        metas: [
          ['og:site_name', 'Northwind'],
          ['product:brand', 'Fabrikam'],
        ],
        makerLines: [['byline', 'Visit the Contoso Store']],
      }),
    );
    const onPrefer = vi.fn();
    act(() => mounted.root.render(<WhyTheseResults result={RESULT} choices={makers} onPrefer={onPrefer} />));
    expect(details()?.textContent).toContain(
      'The page’s byline names the maker “Contoso”; “Fabrikam” was taken because the product brand weighs more.',
    );
    const use = buttons().find((button) => button.textContent === 'Use “Contoso” instead');
    act(() => use?.click());
    expect(onPrefer).toHaveBeenCalledWith('maker', 'Contoso');
    act(() =>
      mounted.root.render(
        <WhyTheseResults result={RESULT} choices={makers} prefer={{ maker: 'Contoso' }} onPrefer={onPrefer} />,
      ),
    );
    expect(details()?.textContent).toContain(
      'You chose “Contoso” as the maker over “Fabrikam”, which the product brand names.',
    );
    act(() =>
      buttons()
        .find((button) => button.textContent === 'Use “Fabrikam” again')
        ?.click(),
    );
    expect(onPrefer).toHaveBeenCalledWith('maker', null);
  });

  it('names the signal that gave the site and the maker the catalogue matched', () => {
    const both: SimilarResult = {
      ...RESULT,
      maker: { id: 'b2', name: 'Contoso', reason: 'name', signal: 'byline', ads: [] },
    };
    act(() => mounted.root.render(<WhyTheseResults result={both} choices={CHOICES} onPrefer={vi.fn()} />));
    expect(details()?.querySelector('summary')?.textContent).toBe('Site: Northwind · Maker: Contoso.');
    expect(details()?.textContent).toContain("Northwind: named by the page's og:site_name;");
    expect(details()?.textContent).toContain("Contoso: named by the page's byline;");
  });

  it('says nothing of a disagreement when the signals agree', () => {
    const agreeing = nameChoices(
      pageSignals({ hostname: 'northwind.example', metas: [['og:site_name', 'Northwind']], logos: ['Northwind'] }),
    );
    act(() => mounted.root.render(<WhyTheseResults result={RESULT} choices={agreeing} onPrefer={vi.fn()} />));
    expect(buttons()).toEqual([]);
    expect(details()?.textContent).not.toContain('was taken because');
  });
});
