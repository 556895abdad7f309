import { useId } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/messaging/api-error';
import { ASPECT_RATIOS, CREDITS_PER_IMAGE, generationCost, OUTPUT_LANGUAGES } from '@/lib/contract/generation-fields';
import { LIMITS } from '@/lib/contract/limits';
import type { OwnedBrand } from '@/lib/contract/owned-brands';
import { QueryView } from '../ui/query-view';
import { formatDateTime, formatNumber } from '../ui/format';
import { useStoredItem } from '../ui/use-stored-item';
import { isActiveJob, storedGenerationJobs } from '@/lib/storage/generation-jobs';
import { t } from '@/lib/i18n';
import { rich } from '../ui/rich';
import { lockedProblem, problemWords } from './draft';
import { DRAFT_TEXT_MAX, type GenerateDraft } from './generate-store';
import { type GenerateForm, useGenerateForm } from './use-generate-form';
import './generate.css';
import 'virtual:adscope-english/generate';

/** The brief form: brand, brief with a live count, options, the cost, and submit as a stored job. */
export default function GenerateTab() {
  const id = useId();
  const form = useGenerateForm();
  const { fromAd, earlierPrompt, restoreEarlier } = form;
  return (
    <section className="tab-section generate" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('generate.title')}</h2>
      {fromAd ? (
        <p className="muted">
          {t('generate.fromAd.note', { ad: fromAd })}
          {earlierPrompt !== null ? (
            <>
              {' '}
              <button type="button" className="btn-link" onClick={restoreEarlier}>
                {t('generate.fromAd.restore')}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <QueryView
        query={form.brands}
        loadingLabel={t('generate.brands.loading')}
        rows={2}
        errorTitle={t('generate.brands.loadFailed')}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="empty-state">
            <h3>{t('generate.brands.empty')}</h3>
            <p>{t('generate.brands.emptyBody')}</p>
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
  // A generation of this very brief already sent (from a panel since closed, or another window)
  // and not over: said, so that a second press is a choice, not a doubt whether the first went.
  const jobs = useStoredItem(storedGenerationJobs);
  // The jobs are kept newest first: the last start of it is named.
  const startedBefore = jobs?.find(
    (job) =>
      (isActiveJob(job) || job.phase === 'unconfirmed') &&
      job.choice.brand_id === draft.brandId &&
      job.choice.prompt.trim() === draft.prompt.trim(),
  );
  return (
    <form className="generate-form" onSubmit={form.onSubmit} noValidate>
      <BrandField form={form} brands={brands} />
      <BriefField form={form} />
      <ImageOptions form={form} />
      <Field
        label={t('generate.reference.label')}
        type="url"
        value={draft.referenceImageUrl}
        hint={t('generate.reference.hint')}
        error={errorFor('reference_image_url')}
        onChange={(event) => update({ referenceImageUrl: event.target.value })}
      />
      <Field
        label={t('generate.logo.label')}
        type="url"
        value={draft.logoUrl}
        hint={t('generate.logo.hint')}
        error={errorFor('logo_url')}
        onChange={(event) => update({ logoUrl: event.target.value })}
      />
      <div className="field">
        <label htmlFor={`${id}-products`}>{t('generate.products.label')}</label>
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
        label={t('generate.colors.label')}
        type="text"
        value={draft.colors}
        placeholder="#1f6f4a, #f2c14e"
        hint={
          brand?.colors?.length
            ? t('generate.colors.hintBrand', { colors: brand.colors.join(', ') })
            : t('generate.colors.hint')
        }
        error={errorFor('colors')}
        onChange={(event) => update({ colors: event.target.value })}
      />
      <p className="generate-cost" aria-live="polite">
        {rich(
          'generate.cost',
          { total: <strong>{t('generate.cost.total', { credits: generationCost(size) })}</strong> },
          { rate: CREDITS_PER_IMAGE, size },
        )}
      </p>
      <div className="action-row">
        <button type="submit" className="btn btn-primary" disabled={submit.isPending || brand?.locked === true}>
          {submit.isPending ? t('generate.submitting') : t('generate.submit')}
        </button>
        <button type="button" className="btn" onClick={() => reset()}>
          {t('generate.clear')}
        </button>
      </div>
      {submit.isSuccess ? (
        <p role="status" className="notice notice-success">
          {t('generate.started', { size: submit.data.choice.size ?? 1, brand: submit.data.brandName })}
        </p>
      ) : startedBefore ? (
        <p role="status" className="notice">
          {t('generate.startedBefore', {
            size: startedBefore.choice.size ?? 1,
            brand: startedBefore.brandName,
            time: formatDateTime(new Date(startedBefore.createdAt).toISOString()) ?? '',
          })}
        </p>
      ) : null}
      {submit.isError ? <ErrorNotice title={t('generate.submitFailed')} error={ApiError.from(submit.error)} /> : null}
    </form>
  );
}

/** The owned brand to generate for; a locked one says why it cannot be used. */
function BrandField({ form, brands }: { form: GenerateForm; brands: readonly OwnedBrand[] }) {
  const id = useId();
  const { draft, update, brand, errorFor, clearProblem } = form;
  const error = brand?.locked ? problemWords(lockedProblem(brand)) : errorFor('brand_id');
  return (
    <div className="field">
      <label htmlFor={`${id}-brand`}>{t('generate.brand.label')}</label>
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
        <option value="">{t('generate.brand.pick')}</option>
        {brands.map((item) => (
          <option key={item.id} value={item.id}>
            {item.locked
              ? t('generate.brand.locked', { name: item.name ?? t('generate.brand.unnamed') })
              : (item.name ?? t('generate.brand.unnamed'))}
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
      <label htmlFor={`${id}-prompt`}>{t('generate.brief.label')}</label>
      <textarea
        id={`${id}-prompt`}
        rows={5}
        value={draft.prompt}
        maxLength={DRAFT_TEXT_MAX}
        aria-invalid={errorFor('prompt') ? true : undefined}
        aria-describedby={`${id}-prompt-count${errorFor('prompt') ? ` ${id}-prompt-error` : ''}`}
        onChange={(event) => update({ prompt: event.target.value })}
      />
      <span
        id={`${id}-prompt-count`}
        className={`field-hint${draft.prompt.length > LIMITS.promptMaxChars ? ' is-error' : ''}`}
      >
        {t('generate.brief.count', {
          length: formatNumber(draft.prompt.length),
          max: formatNumber(LIMITS.promptMaxChars),
        })}
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
        label={t('generate.size.label')}
        type="number"
        min={LIMITS.generationSize.min}
        max={LIMITS.generationSize.max}
        value={String(draft.size)}
        error={errorFor('size')}
        onChange={(event) => update({ size: event.target.value === '' ? 0 : Number(event.target.value) })}
      />
      <div className="field">
        <label htmlFor={`${id}-ratio`}>{t('generate.ratio.label')}</label>
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
        <label htmlFor={`${id}-language`}>{t('generate.language.label')}</label>
        <select
          id={`${id}-language`}
          value={draft.language}
          onChange={(event) => update({ language: event.target.value })}
        >
          {OUTPUT_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t('generate.language.name', { code, fallback: code.toUpperCase() })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
