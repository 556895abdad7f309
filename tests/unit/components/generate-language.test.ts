import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { choiceFromDraft, problemWords } from '../../../components/generate/draft';
import { briefFromAd, EMPTY_DRAFT, type GenerateDraft } from '../../../components/generate/generate-store';
import { formatNumber } from '../../../components/ui/format';
import { showLanguage } from '../../../lib/i18n';
import { forgetCatalogues } from '../../../lib/i18n/runtime';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';

/** The brief form's problems and its brief from an ad, in the language shown; English as it always read. */
beforeEach(() => {
  forgetCatalogues();
});
afterEach(() => {
  showLanguage('en');
});

/** A draft's first problem as the form says it under its field. */
function problemIn(draft: GenerateDraft) {
  const result = choiceFromDraft(draft);
  return 'choice' in result ? result : { field: result.field, message: problemWords(result) };
}

describe('the brief form in the language shown', () => {
  const draft = { ...EMPTY_DRAFT, brandId: 'b', prompt: 'A brief' };

  it('says each rule of the request in English as before', () => {
    expect(problemIn({ ...draft, prompt: '  ' })).toEqual({
      field: 'prompt',
      message: 'The brief cannot be empty: describe the ad you want.',
    });
    expect(problemIn({ ...draft, prompt: 'x'.repeat(10_001) })).toEqual({
      field: 'prompt',
      message: `The brief is ${formatNumber(10_001)} characters; the limit is ${formatNumber(10_000)}.`,
    });
    expect(problemIn({ ...draft, brandId: '' })).toEqual({
      field: 'brand_id',
      message: 'Pick one of your brands.',
    });
    expect(problemIn({ ...draft, size: 2.5 })).toEqual({
      field: 'size',
      message: 'Images must be a whole number.',
    });
    expect(problemIn({ ...draft, logoUrl: 'ftp://example.com/logo.png' })).toEqual({
      field: 'logo_url',
      message: 'The logo URL must be an http(s) address without credentials.',
    });
    expect(problemIn({ ...draft, colors: '#12345' })).toEqual({
      field: 'colors',
      message: 'Each color must be a hex code such as #1f6f4a.',
    });
    expect(problemIn({ ...draft, productImages: 'not a link' })).toEqual({
      field: 'product_image_urls',
      message: 'Each product image must be an http(s) address without credentials.',
    });
  });

  it('says them in German when German is shown, with the brief from an ad', () => {
    showLanguage('de', compiledLanguage('de'));
    expect(problemIn({ ...draft, size: 21 })).toEqual({
      field: 'size',
      message: '„Bilder“ muss zwischen 1 und 20 liegen.',
    });
    expect(problemIn({ ...draft, prompt: '' })).toMatchObject({
      message: 'Das Briefing darf nicht leer sein: Beschreibe die Anzeige, die du möchtest.',
    });
    expect(briefFromAd({ title: 'Trail shoes', body: null })).toBe(
      'Eine Anzeige für unsere Marke im Stil dieser: Trail shoes',
    );
  });

  // A brand id the contract refuses (one longer than any id kept) is said in the contract's own
  // words, its field named by the form's label: in German, the German label, no English word.
  it('names a field the contract refused by its label in the language shown', () => {
    const refused = { ...draft, brandId: 'x'.repeat(300) };
    expect(problemIn(refused)).toEqual({ field: 'brand_id', message: 'Brand is required: pick one of your brands.' });
    showLanguage('de', compiledLanguage('de'));
    expect(problemIn(refused)).toEqual({
      field: 'brand_id',
      message: 'Marke ist erforderlich: Wähle eine deiner Marken.',
    });
  });
});
