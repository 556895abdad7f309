import { IN_WORDS } from '@/lib/contract/issue-words';
import { type GenerationChoice, generationChoiceSchema } from '@/lib/contract/generation-fields';
import type { OwnedBrand } from '@/lib/contract/owned-brands';
import type { GenerateDraft } from './generate-store';

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

/** Why a brand over the plan's limit cannot be used, and what to do. */
export function lockedMessage(brand: OwnedBrand): string {
  return `${brand.name ?? 'This brand'} is over your plan's brand limit: it stays readable, but images cannot be generated from it. Upgrade the plan or pick another brand.`;
}
