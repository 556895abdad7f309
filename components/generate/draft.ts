import { IN_WORDS } from '@/lib/contract/issue-words';
import {
  ASPECT_RATIOS,
  type GenerationChoice,
  generationChoiceSchema,
  MAX_COLORS,
  MAX_PRODUCT_IMAGES,
  OUTPUT_LANGUAGES,
} from '@/lib/contract/generation-fields';
import { LIMITS } from '@/lib/contract/limits';
import type { OwnedBrand } from '@/lib/contract/owned-brands';
import { t } from '@/lib/i18n';
import type { GenerateDraft } from './generate-store';
import 'virtual:adscope-english/generate';

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
  const parsed = generationChoiceSchema.safeParse(candidate, IN_WORDS);
  if (parsed.success) return { choice: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? 'prompt');
  const english = inFormWords(field, issue?.message ?? 'Check this field.');
  return { field, message: problemWords(candidate, issue?.path ?? ['prompt'], english) };
}

/** The longest web address the contract takes. */
const MAX_URL = 2048;

/**
 * The first problem in the language shown: the contract's rules (lib/contract/generation-fields.ts)
 * read from the value itself, in their order, each in a message of its own; a problem of no rule
 * known here keeps the contract's words.
 */
function problemWords(
  candidate: {
    prompt: string;
    brand_id: string;
    size: number;
    reference_image_url?: string;
    logo_url?: string;
    product_image_urls?: string[];
  },
  path: readonly PropertyKey[],
  english: string,
): string {
  const long = (value: string | undefined) => (value?.length ?? 0) > MAX_URL;
  switch (path[0]) {
    case 'prompt':
      return candidate.prompt.trim().length === 0
        ? t('generate.problem.promptEmpty')
        : t('generate.problem.promptLong', {
            length: String(candidate.prompt.length),
            max: String(LIMITS.promptMaxChars),
          });
    case 'brand_id':
      return candidate.brand_id === '' ? t('generate.problem.brand') : english;
    case 'size':
      if (!Number.isFinite(candidate.size)) return t('generate.problem.sizeNumber');
      if (!Number.isInteger(candidate.size)) return t('generate.problem.sizeWhole');
      return t('generate.problem.sizeRange', { min: LIMITS.generationSize.min, max: LIMITS.generationSize.max });
    case 'aspect_ratio':
      return t('generate.problem.aspectRatio', { values: ASPECT_RATIOS.join(', ') });
    case 'output_language':
      return t('generate.problem.outputLanguage', { values: OUTPUT_LANGUAGES.join(', ') });
    case 'reference_image_url':
      return long(candidate.reference_image_url)
        ? t('generate.problem.referenceLong', { max: MAX_URL })
        : t('generate.problem.referenceUnsafe');
    case 'logo_url':
      return long(candidate.logo_url)
        ? t('generate.problem.logoLong', { max: MAX_URL })
        : t('generate.problem.logoUnsafe');
    case 'product_image_urls':
      if (path.length === 1) return t('generate.problem.productsMany', { max: MAX_PRODUCT_IMAGES });
      return long(candidate.product_image_urls?.[Number(path[1])])
        ? t('generate.problem.productLong', { max: MAX_URL })
        : t('generate.problem.productUnsafe');
    case 'colors':
      return path.length === 1 ? t('generate.problem.colorsMany', { max: MAX_COLORS }) : t('generate.problem.color');
    default:
      return english;
  }
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

/** Why a brand over the plan's limit cannot be used, and what to do. */
export function lockedMessage(brand: OwnedBrand): string {
  return typeof brand.name === 'string'
    ? t('generate.locked.named', { brand: brand.name })
    : t('generate.locked.unnamed');
}
