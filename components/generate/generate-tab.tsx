import { useId } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/messaging/api-error';
import { ASPECT_RATIOS, CREDITS_PER_IMAGE, generationCost, OUTPUT_LANGUAGES } from '@/lib/contract/generation-fields';
import { LIMITS } from '@/lib/contract/limits';
import type { OwnedBrand } from '@/lib/contract/owned-brands';
import { QueryView } from '../ui/query-view';
import { countOf, formatNumber, languageName } from '../ui/format';
import { lockedMessage } from './draft';
import type { GenerateDraft } from './generate-store';
import { type GenerateForm, useGenerateForm } from './use-generate-form';
import './generate.css';

/** The brief form: brand, brief with a live count, options, the cost, and submit as a stored job. */
export default function GenerateTab() {
  const id = useId();
  const form = useGenerateForm();
  const { fromAd, earlierPrompt, restoreEarlier } = form;
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
        query={form.brands}
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
        {(data) => <BriefForm form={form} brands={data.items} />}
      </QueryView>
    </section>
  );
}

function BriefForm({ form, brands }: { form: GenerateForm; brands: readonly OwnedBrand[] }) {
  const id = useId();
  const { draft, update, reset, brand, submit, errorFor, size } = form;
  return (
    <form className="generate-form" onSubmit={form.onSubmit} noValidate>
      <BrandField form={form} brands={brands} />
      <BriefField form={form} />
      <ImageOptions form={form} />
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
        Cost: {CREDITS_PER_IMAGE} credits × {countOf(size, 'image')} = <strong>{generationCost(size)} credits</strong>,
        reserved when you submit; failed images are refunded.
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
        <ErrorNotice title="Could not start the generation" error={ApiError.from(submit.error)} />
      ) : null}
    </form>
  );
}

/** The owned brand to generate for; a locked one says why it cannot be used. */
function BrandField({ form, brands }: { form: GenerateForm; brands: readonly OwnedBrand[] }) {
  const id = useId();
  const { draft, update, brand, errorFor, clearProblem } = form;
  const error = brand?.locked ? lockedMessage(brand) : errorFor('brand_id');
  return (
    <div className="field">
      <label htmlFor={`${id}-brand`}>Brand</label>
      <select
        id={`${id}-brand`}
        value={draft.brandId}
        aria-invalid={errorFor('brand_id') ? true : undefined}
        aria-describedby={error ? `${id}-brand-error` : undefined}
        onChange={(event) => {
          update({ brandId: event.target.value });
          clearProblem();
        }}
      >
        <option value="">Pick one of your brands</option>
        {brands.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name ?? 'Unnamed brand'}
            {item.locked ? ' (locked: over the plan limit)' : ''}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-brand-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The brief, with its length against the contract's limit as the user types. */
function BriefField({ form }: { form: GenerateForm }) {
  const id = useId();
  const { draft, update, errorFor } = form;
  return (
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
        {formatNumber(draft.prompt.length)} / {formatNumber(LIMITS.promptMaxChars)} characters. A direction, expanded
        into one concept per image.
      </span>
      {errorFor('prompt') ? (
        <span id={`${id}-prompt-error`} className="field-error">
          {errorFor('prompt')}
        </span>
      ) : null}
    </div>
  );
}

/** How many images, their aspect ratio and their language, in one row. */
function ImageOptions({ form }: { form: GenerateForm }) {
  const id = useId();
  const { draft, update, errorFor } = form;
  return (
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
  );
}
