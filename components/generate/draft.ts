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
import { type MessageId, t } from '@/lib/i18n';
import { formatNumber } from '../ui/format';
import type { GenerateDraft } from './generate-store';
import 'virtual:adscope-english/generate';

const split = (value: string, pattern: RegExp) =>
  value
    .split(pattern)
    .map((part) => part.trim())
    .filter(Boolean);

/** The request body a draft makes, before the contract checks it. */
interface DraftCandidate {
  prompt: string;
  brand_id: string;
  size: number;
  aspect_ratio: string;
  output_language: string;
  reference_image_url?: string;
  logo_url?: string;
  product_image_urls?: string[];
  colors?: string[];
}

/**
 * A problem of the brief form as data: the field it is under, and its message with the values it
 * names (numbers as numbers), or, for a rule this form names no message for, the body the
 * contract refused. It is said when drawn (problemWords), so it reads in the language shown then.
 */
export type DraftProblem = { field: string } & (
  { id: MessageId; values?: Readonly<Record<string, string | number>> } | { refused: DraftCandidate }
);

/** The request a draft describes, or its first problem. */
export function choiceFromDraft(draft: GenerateDraft): { choice: GenerationChoice } | DraftProblem {
  const candidate: DraftCandidate = {
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
  const path = parsed.error.issues[0]?.path ?? ['prompt'];
  const field = String(path[0] ?? 'prompt');
  return { field, ...problemOf(candidate, path) };
}

/** The longest web address the contract takes. */
const MAX_URL = 2048;

/**
 * The first problem's message: the contract's rules (lib/contract/generation-fields.ts) read from
 * the value itself, in their order, each in a message of its own; a problem of no rule known here
 * is said in the contract's words.
 */
function problemOf(
  candidate: DraftCandidate,
  path: readonly PropertyKey[],
): { id: MessageId; values?: Record<string, string | number> } | { refused: DraftCandidate } {
  const long = (value: string | undefined) => (value?.length ?? 0) > MAX_URL;
  switch (path[0]) {
    case 'prompt':
      return candidate.prompt.trim().length === 0
        ? { id: 'generate.problem.promptEmpty' }
        : {
            id: 'generate.problem.promptLong',
            values: { length: candidate.prompt.length, max: LIMITS.promptMaxChars },
          };
    case 'brand_id':
      return candidate.brand_id === '' ? { id: 'generate.problem.brand' } : { refused: candidate };
    case 'size':
      if (!Number.isFinite(candidate.size)) return { id: 'generate.problem.sizeNumber' };
      if (!Number.isInteger(candidate.size)) return { id: 'generate.problem.sizeWhole' };
      return {
        id: 'generate.problem.sizeRange',
        values: { min: LIMITS.generationSize.min, max: LIMITS.generationSize.max },
      };
    case 'aspect_ratio':
      return { id: 'generate.problem.aspectRatio', values: { values: ASPECT_RATIOS.join(', ') } };
    case 'output_language':
      return { id: 'generate.problem.outputLanguage', values: { values: OUTPUT_LANGUAGES.join(', ') } };
    case 'reference_image_url':
      return long(candidate.reference_image_url)
        ? { id: 'generate.problem.referenceLong', values: { max: MAX_URL } }
        : { id: 'generate.problem.referenceUnsafe' };
    case 'logo_url':
      return long(candidate.logo_url)
        ? { id: 'generate.problem.logoLong', values: { max: MAX_URL } }
        : { id: 'generate.problem.logoUnsafe' };
    case 'product_image_urls':
      if (path.length === 1) return { id: 'generate.problem.productsMany', values: { max: MAX_PRODUCT_IMAGES } };
      return long(candidate.product_image_urls?.[Number(path[1])])
        ? { id: 'generate.problem.productLong', values: { max: MAX_URL } }
        : { id: 'generate.problem.productUnsafe' };
    case 'colors':
      return path.length === 1
        ? { id: 'generate.problem.colorsMany', values: { max: MAX_COLORS } }
        : { id: 'generate.problem.color' };
    default:
      return { refused: candidate };
  }
}

/**
 * A problem in the language shown, its numbers in the user's digits as the form's counter writes
 * them; a rule of the contract's own is checked again, so its words are the language's too.
 */
export function problemWords(problem: DraftProblem): string {
  if ('refused' in problem) {
    const issue = generationChoiceSchema.safeParse(problem.refused, IN_WORDS).error?.issues[0];
    return inFormWords(problem.field, issue?.message ?? t('generate.problem.check'));
  }
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(problem.values ?? {})) {
    values[name] = typeof value === 'number' ? formatNumber(value) : value;
  }
  return t(problem.id, values);
}

/** What each body field is called on the form. */
/** The form's own names of its fields, in the language shown. */
const FORM_LABELS: Partial<Record<string, () => string>> = {
  prompt: () => t('generate.brief.label'),
  brand_id: () => t('generate.brand.label'),
  size: () => t('generate.size.label'),
  aspect_ratio: () => t('generate.ratio.label'),
  output_language: () => t('generate.language.label'),
};

/**
 * A rule's message in the form's words: "size must be…" reads "Images must be…" under the Images
 * field, the label in the language shown as the message is.
 */
export function inFormWords(field: string, message: string): string {
  const label = FORM_LABELS[field];
  return label && message.startsWith(`${field} `) ? `${label()}${message.slice(field.length)}` : message;
}

/** Why a brand over the plan's limit cannot be used, and what to do, as a problem of the brand field. */
export function lockedProblem(brand: OwnedBrand): DraftProblem {
  return typeof brand.name === 'string'
    ? { field: 'brand_id', id: 'generate.locked.named', values: { brand: brand.name } }
    : { field: 'brand_id', id: 'generate.locked.unnamed' };
}
