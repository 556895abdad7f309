import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { QueryView } from '../ui/query-view';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/messaging/api-error';
import {
  ASPECT_RATIOS,
  CREDITS_PER_IMAGE,
  type GenerationChoice,
  generationChoiceSchema,
  generationCost,
  OUTPUT_LANGUAGES,
} from '@/lib/contract/generation-fields';
import { LIMITS } from '@/lib/contract/limits';
import type { OwnedBrand } from '@/lib/contract/owned-brands';
import { callBackground } from '@/lib/messaging/client';
import { countOf, formatNumber, languageName } from '../ui/format';
import { useOwnedBrands } from '../ui/use-owned-brands';
import { type GenerateDraft, useGenerateStore } from './generate-store';
import './generate.css';

const split = (value: string, pattern: RegExp) =>
  value
    .split(pattern)
    .map((part) => part.trim())
    .filter(Boolean);

/** The request a draft describes, or the first problem, named by its field. */
export function choiceFromDraft(
  draft: GenerateDraft,
): { choice: GenerationChoice } | { field: string; message: string } {
  const candidate = {
    prompt: draft.prompt,
    brand_id: draft.brandId,
    size: Number(draft.size),
    aspect_ratio: draft.aspectRatio,
    output_language: draft.language,
    ...(draft.referenceImageUrl.trim() ? { reference_image_url: draft.referenceImageUrl.trim() } : {}),
    ...(draft.logoUrl.trim() ? { logo_url: draft.logoUrl.trim() } : {}),
    ...(draft.productImages.trim() ? { product_image_urls: split(draft.productImages, /\s*\n\s*/) } : {}),
    ...(draft.colors.trim() ? { colors: split(draft.colors, /[\s,]+/) } : {}),
  };
  const parsed = generationChoiceSchema.safeParse(candidate);
  if (parsed.success) return { choice: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? 'prompt');
  return { field, message: inFormWords(field, issue?.message ?? 'Check this field.') };
}

/** What each body field is called on the form. */
const FORM_LABELS: Record<string, string> = {
  prompt: 'The brief',
  brand_id: 'Brand',
  size: 'Images',
  aspect_ratio: 'Aspect ratio',
  output_language: 'Output language',
  reference_image_url: 'The reference ad image URL',
  logo_url: 'The logo URL',
  product_image_urls: 'Product images',
  colors: 'Colors',
};

/** A rule's message in the form's words: "size must be…" reads "Images must be…" under the Images field. */
export function inFormWords(field: string, message: string): string {
  const label = FORM_LABELS[field];
  return label && message.startsWith(`${field} `) ? `${label}${message.slice(field.length)}` : message;
}

export function lockedMessage(brand: OwnedBrand): string {
  return `${brand.name ?? 'This brand'} is over your plan's brand limit: it stays readable, but images cannot be generated from it. Upgrade the plan or pick another brand.`;
}

/** The brief form: brand, brief with a live count, options, the cost, and submit as a stored job. */
export default function GenerateTab() {
  const id = useId();
  const { draft, update, reset, fromAd, earlierPrompt, restoreEarlier } = useGenerateStore();
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const brands = useOwnedBrands();
  const brand = brands.data?.items.find((candidate) => candidate.id === draft.brandId);
  const submit = useMutation({
    mutationFn: (choice: GenerationChoice) =>
      callBackground('generation.submit', { choice, brandName: brand?.name ?? 'Your brand' }),
  });
  const size = Number.isFinite(Number(draft.size)) ? Number(draft.size) : 1;
  const errorFor = (field: string) => (problem?.field === field ? problem.message : undefined);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending) return;
    if (brand?.locked) {
      setProblem({ field: 'brand_id', message: lockedMessage(brand) });
      return;
    }
    const result = choiceFromDraft(draft);
    if ('field' in result) {
      setProblem(result);
      return;
    }
    setProblem(null);
    submit.mutate(result.choice);
  }

  return (
    <section className="tab-section generate" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Generate ad images</h2>
      {fromAd ? (
        <p className="muted">
          Starting from the ad “{fromAd}”: its image is the reference and the brief is new.
          {earlierPrompt !== null ? (
            <>
              {' '}
              <button type="button" className="btn-link" onClick={restoreEarlier}>
                Restore your earlier brief
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <QueryView
        query={brands}
        loadingLabel="Loading your brands"
        rows={2}
        errorTitle="Could not load your brands"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="empty-state">
            <h3>No owned brands yet</h3>
            <p>Images are generated for one of your brand profiles. Create one in your workspace first.</p>
          </div>
        }
      >
        {(data) => (
          <form className="generate-form" onSubmit={onSubmit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-brand`}>Brand</label>
              <select
                id={`${id}-brand`}
                value={draft.brandId}
                aria-invalid={errorFor('brand_id') ? true : undefined}
                aria-describedby={errorFor('brand_id') || brand?.locked ? `${id}-brand-error` : undefined}
                onChange={(event) => {
                  update({ brandId: event.target.value });
                  setProblem(null);
                }}
              >
                <option value="">Pick one of your brands</option>
                {data.items.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name ?? 'Unnamed brand'}
                    {item.locked ? ' (locked: over the plan limit)' : ''}
                  </option>
                ))}
              </select>
              {errorFor('brand_id') || brand?.locked ? (
                <span id={`${id}-brand-error`} className="field-error" role="alert">
                  {brand?.locked ? lockedMessage(brand) : errorFor('brand_id')}
                </span>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-prompt`}>Brief</label>
              <textarea
                id={`${id}-prompt`}
                rows={5}
                value={draft.prompt}
                aria-invalid={errorFor('prompt') ? true : undefined}
                aria-describedby={`${id}-prompt-count${errorFor('prompt') ? ` ${id}-prompt-error` : ''}`}
                onChange={(event) => update({ prompt: event.target.value })}
              />
              <span
                id={`${id}-prompt-count`}
                className={`field-hint${draft.prompt.length > LIMITS.promptMaxChars ? ' is-error' : ''}`}
              >
                {formatNumber(draft.prompt.length)} / {formatNumber(LIMITS.promptMaxChars)} characters. A direction,
                expanded into one concept per image.
              </span>
              {errorFor('prompt') ? (
                <span id={`${id}-prompt-error`} className="field-error">
                  {errorFor('prompt')}
                </span>
              ) : null}
            </div>
            <div className="generate-row">
              <Field
                label="Images"
                type="number"
                min={LIMITS.generationSize.min}
                max={LIMITS.generationSize.max}
                value={String(draft.size)}
                error={errorFor('size')}
                onChange={(event) => update({ size: event.target.value === '' ? 0 : Number(event.target.value) })}
              />
              <div className="field">
                <label htmlFor={`${id}-ratio`}>Aspect ratio</label>
                <select
                  id={`${id}-ratio`}
                  value={draft.aspectRatio}
                  onChange={(event) => update({ aspectRatio: event.target.value as GenerateDraft['aspectRatio'] })}
                >
                  {ASPECT_RATIOS.map((ratio) => (
                    <option key={ratio} value={ratio}>
                      {ratio}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-language`}>Output language</label>
                <select
                  id={`${id}-language`}
                  value={draft.language}
                  onChange={(event) => update({ language: event.target.value })}
                >
                  {OUTPUT_LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {languageName(code)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <Field
              label="Reference ad image URL (optional)"
              type="url"
              value={draft.referenceImageUrl}
              hint="Without one, images are made from the brief alone."
              error={errorFor('reference_image_url')}
              onChange={(event) => update({ referenceImageUrl: event.target.value })}
            />
            <Field
              label="Logo URL (optional)"
              type="url"
              value={draft.logoUrl}
              hint="Overrides the brand's stored logo."
              error={errorFor('logo_url')}
              onChange={(event) => update({ logoUrl: event.target.value })}
            />
            <div className="field">
              <label htmlFor={`${id}-products`}>Product image URLs (optional, one per line)</label>
              <textarea
                id={`${id}-products`}
                rows={2}
                value={draft.productImages}
                aria-invalid={errorFor('product_image_urls') ? true : undefined}
                aria-describedby={errorFor('product_image_urls') ? `${id}-products-error` : undefined}
                onChange={(event) => update({ productImages: event.target.value })}
              />
              {errorFor('product_image_urls') ? (
                <span id={`${id}-products-error`} className="field-error">
                  {errorFor('product_image_urls')}
                </span>
              ) : null}
            </div>
            <Field
              label="Colors (optional)"
              type="text"
              value={draft.colors}
              placeholder="#1f6f4a, #f2c14e"
              hint={`Hex codes; without them the brand's colors are used.${brand?.colors?.length ? ` Brand: ${brand.colors.join(', ')}.` : ''}`}
              error={errorFor('colors')}
              onChange={(event) => update({ colors: event.target.value })}
            />
            <p className="generate-cost" aria-live="polite">
              Cost: {CREDITS_PER_IMAGE} credits × {countOf(size, 'image')} ={' '}
              <strong>{generationCost(size)} credits</strong>, reserved when you submit; failed images are refunded.
            </p>
            <div className="action-row">
              <button type="submit" className="btn btn-primary" disabled={submit.isPending || brand?.locked === true}>
                {submit.isPending ? 'Submitting…' : 'Generate images'}
              </button>
              <button type="button" className="btn" onClick={() => reset()}>
                Clear
              </button>
            </div>
            {submit.isSuccess ? (
              <p role="status" className="notice notice-success">
                Started: {countOf(submit.data.choice.size ?? 1, 'image')} for {submit.data.brandName}. Follow it in the
                Adscope toolbar popup; the badge counts running jobs.
              </p>
            ) : null}
            {submit.isError ? (
              <ErrorNotice
                title="Could not start the generation"
                error={submit.error instanceof ApiError ? submit.error : ApiError.from(submit.error)}
              />
            ) : null}
          </form>
        )}
      </QueryView>
    </section>
  );
}
