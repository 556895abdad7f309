import { generationBodySchema } from '../../lib/contract/generation-fields';
import { invalid, notFound } from '../envelope';
import type { GenerationRecord, GenerationView } from '../generations';
import { uuidValue } from '../params';
import type { Route, RouteContext } from '../router';
import type { GeneratedImage, Generation } from '../../lib/contract/image-generations';
import { IN_WORDS } from '../../lib/contract/issue-words';

function serialize(record: GenerationRecord, view: GenerationView): Generation {
  return {
    generation_id: record.id,
    status: view.status,
    image_ids: view.imageIds,
    concept_ids: view.conceptIds,
    // Our extra (the contract shows no per-image state on the generation): each scheduled image's status.
    images: view.images.map((image) => ({ image_id: image.id, status: image.status })),
    size: record.images.length,
    brand_id: record.brand.id,
    correlation_id: record.body.correlation_id ?? record.key,
    created_at: record.createdIso,
    // What was made, so a client can check its optional fields were understood.
    aspect_ratio: record.body.aspect_ratio ?? '1:1',
    output_language: record.body.output_language ?? 'en',
  };
}

function generationOf(context: RouteContext): GenerationRecord {
  const id = uuidValue('generation_id', context.params.generation_id ?? '');
  return context.state.generations.get(context.workspace, id);
}

/** POST and GET /open/v1/image-generations (spec 4.16 to 4.18). */
export const imageGenerationRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/image-generations',
    handler: (context) => {
      const parsed = generationBodySchema.safeParse(context.body ?? {}, IN_WORDS);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'body';
        throw invalid(`${field}: ${issue?.message ?? 'invalid.'}`);
      }
      const record = context.state.generations.submit(context.workspace, parsed.data);
      return serialize(record, context.state.generations.view(record, context.workspace));
    },
  },
  {
    method: 'GET',
    pattern: '/image-generations/:generation_id',
    handler: (context) => {
      const record = generationOf(context);
      return serialize(record, context.state.generations.view(record, context.workspace));
    },
  },
  {
    method: 'GET',
    pattern: '/image-generations/:generation_id/images/:image_id',
    handler: (context) => {
      const record = generationOf(context);
      const view = context.state.generations.view(record, context.workspace);
      const imageId = context.params.image_id ?? '';
      const planned = record.images.find((image) => image.id === imageId);
      const current = view.images.find((image) => image.id === imageId);
      if (!planned || !current) throw notFound(`No image ${imageId.slice(0, 64)} in generation ${record.id}.`);
      const [width, height] = dimensions(record.body.aspect_ratio ?? '1:1');
      return {
        id: planned.id,
        generation_id: record.id,
        status: current.status,
        url:
          current.status === 'success' ? context.mediaUrl(`/media/generations/${record.id}/${planned.id}.svg`) : null,
        concept_id: planned.conceptId,
        concept: planned.concept,
        aspect_ratio: record.body.aspect_ratio ?? '1:1',
        width,
        height,
        error:
          current.status === 'failed'
            ? 'The image service could not render this concept; its credits were refunded.'
            : null,
      } satisfies GeneratedImage;
    },
  },
];

/** Pixel size of a generated image for an aspect ratio (1080 on the short side). */
export function dimensions(ratio: string): [number, number] {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  return w >= h ? [Math.round((1080 * w) / h), 1080] : [1080, Math.round((1080 * h) / w)];
}
