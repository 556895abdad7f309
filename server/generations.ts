import {
  CREDITS_PER_IMAGE,
  type GenerationBody,
  type GenerationStatus,
  generationCost,
} from '../lib/contract/generation-fields';
import type { OwnedBrandRecord, WorkspaceState } from './demo-data';
import { notFound, planLimit, upstream } from './envelope';
import { hashText, Random } from './random';

/** Credits each demo workspace starts with (the contract shows no balance endpoint; see /__admin/credits). */
export const STARTING_CREDITS: Record<WorkspaceState['plan'], number> = { pro: 400, free: 40 };
/** Submissions a free workspace may make per UTC day, retries included (the local quota gate of 4.16). */
export const FREE_DAILY_SUBMITS = 5;

/** One angle per image: as many as the largest size allowed (20), so every image of a generation is its own concept. */
const CONCEPT_ANGLES = [
  'Bold headline',
  'Lifestyle scene',
  'Product close-up',
  'Social proof',
  'Offer-led',
  'Minimal',
  'Before and after',
  'Behind the scenes',
  'Seasonal',
  'Problem and solution',
  'Customer story',
  'How it works',
  'Side by side',
  'Limited edition',
  'Gift idea',
  'Everyday use',
  'Made to last',
  'Expert pick',
  'Flat lay',
  'In motion',
];

/** The angle of the i-th image: distinct for every image of a generation (spec 4.16), numbered past the list. */
function conceptAngle(i: number): string {
  const angle = CONCEPT_ANGLES[i % CONCEPT_ANGLES.length] ?? 'Concept';
  const round = Math.floor(i / CONCEPT_ANGLES.length);
  return round === 0 ? angle : `${angle} ${round + 1}`;
}

export interface PlannedImage {
  id: string;
  conceptId: string;
  concept: string;
  /** Generation-clock ms after submit when the image's task is scheduled, and when it ends. */
  scheduledAt: number;
  endsAt: number;
  fails: boolean;
}

export interface GenerationRecord {
  id: string;
  workspaceId: string;
  key: string;
  body: GenerationBody;
  brand: OwnedBrandRecord;
  createdAt: number;
  createdIso: string;
  fanOutMs: number;
  images: PlannedImage[];
  /** Failed images already refunded. */
  refunded: Set<string>;
  /** Set once a terminal status is reached; it never changes after. */
  terminal: GenerationView | null;
}

export interface ImageView {
  id: string;
  status: 'processing' | 'success' | 'failed';
}

export interface GenerationView {
  status: GenerationStatus;
  imageIds: string[];
  conceptIds: string[];
  images: ImageView[];
}

export interface LedgerEntry {
  at: string;
  kind: 'reserve' | 'refund' | 'transcript';
  credits: number;
  generation_id?: string;
  image_id?: string;
  video_id?: string;
}

interface Account {
  balance: number;
  ledger: LedgerEntry[];
  quota: { day: string; used: number };
}

/**
 * The seeded course of one generation: fan-out after 5 to 15 s, per-image tasks scheduled
 * one after another, each taking 15 to 60 s; about one generation in eight fails entirely and
 * about a third lose some images, so every terminal status occurs.
 */
export function planGeneration(seed: number, id: string, size: number, prompt: string) {
  const random = new Random(hashText(`${seed}:${id}`));
  const fanOutMs = random.int(5_000, 15_000);
  const roll = random.next();
  const mode = roll < 0.12 ? 'all-fail' : roll < 0.45 ? 'some-fail' : 'ok';
  const title = prompt.replace(/\s+/g, ' ').trim().slice(0, 60);
  let scheduled = fanOutMs;
  const images: PlannedImage[] = [];
  for (let i = 0; i < size; i += 1) {
    scheduled += random.int(300, 1_500);
    images.push({
      id: random.uuid(),
      conceptId: random.uuid(),
      concept: `${conceptAngle(i)}: ${title}`,
      scheduledAt: scheduled,
      endsAt: scheduled + random.int(15_000, 60_000),
      fails: mode === 'all-fail' || (mode === 'some-fail' && random.chance(0.4)),
    });
  }
  return { fanOutMs, images };
}

/** The status of a generation at `elapsed` ms after submit, from its plan (spec 3). */
export function viewAt(record: Pick<GenerationRecord, 'fanOutMs' | 'images'>, elapsed: number): GenerationView {
  if (elapsed < record.fanOutMs) return { status: 'pending', imageIds: [], conceptIds: [], images: [] };
  const scheduled = record.images.filter((image) => image.scheduledAt <= elapsed);
  const images: ImageView[] = scheduled.map((image) => ({
    id: image.id,
    status: elapsed < image.endsAt ? 'processing' : image.fails ? 'failed' : 'success',
  }));
  const done = images.length === record.images.length && images.every((image) => image.status !== 'processing');
  let status: GenerationStatus = 'processing';
  if (done) {
    const succeeded = images.filter((image) => image.status === 'success').length;
    status = succeeded === images.length ? 'success' : succeeded === 0 ? 'failed' : 'partial_success';
  }
  return {
    status,
    imageIds: images.map((image) => image.id),
    conceptIds: record.images.map((image) => image.conceptId),
    images,
  };
}

/** Generations, credits and the free-plan quota of every workspace; kept in memory. */
export class GenerationStore {
  private readonly generations = new Map<string, GenerationRecord>();
  private readonly byKey = new Map<string, string>();
  private readonly accounts = new Map<string, Account>();
  private counter = 0;

  constructor(
    private readonly seed: number,
    private readonly clock: { generationNow(): number; now(): Date },
  ) {}

  private account(workspace: WorkspaceState): Account {
    let account = this.accounts.get(workspace.id);
    if (!account) {
      account = { balance: STARTING_CREDITS[workspace.plan], ledger: [], quota: { day: '', used: 0 } };
      this.accounts.set(workspace.id, account);
    }
    return account;
  }

  /** Submits in the contract's order: quota gate, then the idempotency lookup, then brand and credits. */
  submit(workspace: WorkspaceState, body: GenerationBody): GenerationRecord {
    const account = this.account(workspace);
    if (workspace.plan === 'free') {
      const day = this.clock.now().toISOString().slice(0, 10);
      if (account.quota.day !== day) account.quota = { day, used: 0 };
      if (account.quota.used >= FREE_DAILY_SUBMITS) {
        throw planLimit(
          `The free plan allows ${FREE_DAILY_SUBMITS} image-generation requests a day, retries included, and they are used up. Try again tomorrow (UTC) or upgrade the workspace.`,
          { quota: { unit: 'generation_requests_per_day', used: account.quota.used, limit: FREE_DAILY_SUBMITS } },
        );
      }
      account.quota.used += 1;
    }
    const existing = this.byKey.get(`${workspace.id}:${body.idempotency_key}`);
    if (existing) {
      const record = this.generations.get(existing);
      if (record) return record;
    }
    const brand = workspace.ownedBrands.find((candidate) => candidate.id === body.brand_id);
    if (!brand) throw notFound(`No owned brand ${body.brand_id.slice(0, 64)} in this workspace.`);
    if (brand.locked) {
      throw planLimit(
        `${brand.name} is over your plan's brand limit: it stays readable, but images cannot be generated from it. Upgrade the plan or pick another brand.`,
      );
    }
    const cost = generationCost(body.size);
    if (account.balance < cost) {
      throw upstream(
        `The image service rejected the request: it needs ${cost} credits and the workspace has ${account.balance}.`,
      );
    }
    this.counter += 1;
    const id = new Random(hashText(`${this.seed}:generation:${this.counter}`)).uuid();
    const size = body.size ?? 1;
    const plan = planGeneration(this.seed, id, size, body.prompt);
    const record: GenerationRecord = {
      id,
      workspaceId: workspace.id,
      key: body.idempotency_key,
      body,
      brand,
      createdAt: this.clock.generationNow(),
      createdIso: this.clock.now().toISOString(),
      ...plan,
      refunded: new Set(),
      terminal: null,
    };
    account.balance -= cost;
    account.ledger.push({ at: record.createdIso, kind: 'reserve', credits: cost, generation_id: id });
    this.generations.set(id, record);
    this.byKey.set(`${workspace.id}:${body.idempotency_key}`, id);
    return record;
  }

  /** One generation of this workspace; another workspace's is absent (40401). */
  get(workspace: WorkspaceState, id: string): GenerationRecord {
    const record = this.generations.get(id);
    if (!record || record.workspaceId !== workspace.id) throw notFound(`No image generation ${id} in this workspace.`);
    return record;
  }

  /** The current view; refunds failed images once, and freezes a terminal status. */
  view(record: GenerationRecord, workspace: WorkspaceState): GenerationView {
    if (record.terminal) return record.terminal;
    const view = viewAt(record, this.clock.generationNow() - record.createdAt);
    const account = this.account(workspace);
    for (const image of view.images) {
      if (image.status === 'failed' && !record.refunded.has(image.id)) {
        record.refunded.add(image.id);
        account.balance += CREDITS_PER_IMAGE;
        account.ledger.push({
          at: this.clock.now().toISOString(),
          kind: 'refund',
          credits: CREDITS_PER_IMAGE,
          generation_id: record.id,
          image_id: image.id,
        });
      }
    }
    if (view.status === 'success' || view.status === 'partial_success' || view.status === 'failed') {
      record.terminal = view;
    }
    return view;
  }

  /** Balances and ledgers, every generation settled first (for /__admin/credits and the demo). */
  credits(workspaces: readonly WorkspaceState[]) {
    for (const record of this.generations.values()) {
      const workspace = workspaces.find((candidate) => candidate.id === record.workspaceId);
      if (workspace) this.view(record, workspace);
    }
    return workspaces.map((workspace) => {
      const account = this.account(workspace);
      return {
        workspace: workspace.name,
        plan: workspace.plan,
        balance: account.balance,
        quota: workspace.plan === 'free' ? { ...account.quota, limit: FREE_DAILY_SUBMITS } : null,
        ledger: account.ledger,
      };
    });
  }

  /** Charges credits for other work (a transcript); 50001 when they do not cover it, as upstream would. */
  charge(workspace: WorkspaceState, credits: number, entry: Omit<LedgerEntry, 'at' | 'credits'>): void {
    const account = this.account(workspace);
    if (account.balance < credits) {
      throw upstream(
        `The service rejected the request: it needs ${credits} credits and the workspace has ${account.balance}.`,
      );
    }
    account.balance -= credits;
    account.ledger.push({ ...entry, at: this.clock.now().toISOString(), credits });
  }

  /** For generated-image media: any generation by id (the ids are unguessable). */
  find(id: string): GenerationRecord | undefined {
    return this.generations.get(id);
  }
}
