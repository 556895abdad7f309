import { ServerClock } from './clock';
import {
  type CatalogueBrand,
  createDemoData,
  type DemoData,
  type LibraryAdRecord,
  type WorkspaceState,
} from './demo-data';
import { DEMO_PRODUCT_KEY, DEMO_PRODUCT_PAGE, DEMO_PRODUCT_PAGE_LANGUAGE, demoPageBrands } from './demo-pages';
import { Faults } from './faults';
import { GenerationStore } from './generations';
import { type AdAccount, createAdAccounts, deliverThrough } from './reporting';
import { formatUtcDay } from '../lib/contract/window';
import { LibraryIndex, tokenize } from './library-index';
import { StateFile } from './persistence';
import type { Shapes } from './shapes';
import { RateLimiter } from './rate-limit';
import { type LaunchedAd, NewsDesk, type NewsSchedule } from './news';

export interface ServerOptions {
  port?: number;
  host?: string;
  seed?: number;
  now?: string;
  timeScale?: number;
  /** Requests per minute per API key; 0 turns limiting off. */
  rateLimit?: number;
  dataDir?: string;
  /** Which legal shapes the answers take where the contract leaves them open (server/shapes.ts). @default 'default' */
  shapes?: Shapes;
  /** New ads for chosen brands on the server clock (`--news`). */
  news?: NewsSchedule;
  /** The server's clock, when a test drives it (then `now` and `timeScale` are its own). */
  clock?: ServerClock;
}

interface PersistedState {
  version: 1;
  idCounter: number;
  boards: Record<string, WorkspaceState['boards']>;
}

export interface RequestLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  /** The query as the client sent it (`?page_size=50&platform=instagram`), empty when none. */
  query?: string;
  status: number | 'dropped';
  workspace: string | null;
}

/** Everything the server knows, rebuilt from the seed on reset. */
export class ServerState {
  data: DemoData;
  readonly clock: ServerClock;
  readonly faults: Faults;
  readonly rateLimiter: RateLimiter;
  readonly requestLog: RequestLogEntry[] = [];
  /** Image generations, credits and the free-plan quota (in memory; a restart starts them afresh). */
  generations: GenerationStore;
  /** Ads added after the catalogue was built: by the admin, or on the `--news` schedule. */
  news: NewsDesk;
  private seq = 0;
  private libraryIndex: LibraryIndex | null = null;
  /** The accounts, the day they were built on and the day their delivery reaches (the day before it). */
  private accounts: { builtOn: string; day: string; list: AdAccount[] } | null = null;
  private idCounter = 0;
  private readonly stateFile: StateFile<PersistedState>;
  private brandById: Map<string, CatalogueBrand> | null = null;
  private brandByDomainMap: Map<string, CatalogueBrand> | null = null;
  private brandWordsById: Map<string, string[]> | null = null;
  private byKey: Map<string, WorkspaceState>;

  get shapes(): Shapes {
    return this.options.shapes ?? 'default';
  }

  constructor(readonly options: ServerOptions) {
    const seed = options.seed ?? 1;
    this.clock = options.clock ?? new ServerClock(options.now, options.timeScale ?? 1);
    this.data = createDemoData(seed, this.clock.now());
    this.stateFile = new StateFile<PersistedState>(options.dataDir, `workspaces-seed-${seed}`);
    this.restore();
    this.faults = new Faults(seed);
    this.rateLimiter = new RateLimiter(options.rateLimit ?? 600);
    this.byKey = this.indexKeys();
    this.generations = new GenerationStore(seed, this.clock);
    this.news = new NewsDesk(seed, options.news ?? null, this.clock.now().getTime());
    for (const ref of options.news?.brands ?? []) {
      if (!this.findBrand(ref)) throw new RangeError(`--news: no catalogue brand named ${ref}.`);
    }
  }

  private landingBrand: { index: LibraryIndex; id: string; ideas: Set<string> } | null = null;

  /**
   * Where an ad leads, on this server: the store's English ideas for the product on the demo
   * product page (trail running shoes, an English page) lead to that page (with tracking
   * parameters, as ads carry them); every other ad to its landing page on its brand's site,
   * served under /demo/landing/<domain>/ with its tracking.
   */
  landingPathOf(ad: LibraryAdRecord): string {
    const index = this.library;
    if (this.landingBrand?.index !== index) {
      const id = demoPageBrands(this)[1]?.id ?? '';
      this.landingBrand = { index, id, ideas: productPageIdeas(this.data.catalogue.ads, id) };
    }
    // A whole idea, every version of it alike: versions of one idea share their landing page.
    if (ad.unified_brand_id === this.landingBrand.id && this.landingBrand.ideas.has(ad.idea))
      return `${DEMO_PRODUCT_PAGE}?utm_source=meta&utm_campaign=trail-shoe&fbclid=demo${ad.index}`;
    const link = ad.link_url !== null && URL.canParse(ad.link_url) ? new URL(ad.link_url) : null;
    return link ? `/demo/landing/${link.hostname}${link.pathname}${link.search}` : `/demo/landing/${ad.id}`;
  }

  /** A catalogue brand by id or by exact name. */
  findBrand(idOrName: string): CatalogueBrand | undefined {
    return this.brand(idOrName) ?? this.data.catalogue.brands.find((brand) => brand.name === idOrName);
  }

  /** Launches new ads for brands named by id or exact name; an unknown one is refused and nothing changes. */
  launchAds(brandRefs: readonly string[], count: number, launchedDaysAgo: number): LaunchedAd[] {
    const brands = brandRefs.map((ref) => {
      const brand = this.findBrand(ref);
      if (!brand) throw new RangeError(`No catalogue brand ${ref}.`);
      return brand;
    });
    const made = this.news.launch(this.data.catalogue.ads, brands, count, launchedDaysAgo, this.clock.now());
    // The index is rebuilt on its next use, with the new ads in it.
    this.libraryIndex = null;
    return made;
  }

  /** Launches `count` versions of a catalogue ad (same landing page, small copy changes). */
  launchVersions(adId: string, count: number): LaunchedAd[] {
    const base = this.data.catalogue.ads.find((ad) => ad.id === adId);
    if (!base) throw new RangeError(`No catalogue ad ${adId}.`);
    const made = this.news.launchVersions(this.data.catalogue.ads, base, count, this.clock.now());
    this.libraryIndex = null;
    return made;
  }

  /** Makes the scheduled news due by the server clock. */
  catchUpNews(): void {
    const due = this.news.due(this.clock.now().getTime());
    if (due === 0) return;
    const named = this.news.scheduledBrands;
    const refs = named.length > 0 ? named : (this.data.workspaces[0]?.followed.brandIds.slice(0, 3) ?? []);
    this.launchAds(refs, due, 0);
  }

  private indexKeys(): Map<string, WorkspaceState> {
    return new Map(this.data.workspaces.map((workspace) => [workspace.apiKey, workspace]));
  }

  /** A fresh id for records the server creates. */
  nextId(): string {
    this.idCounter += 1;
    return `${this.clock.realNow().toString(36)}-${this.idCounter.toString(36)}`;
  }

  /** Writes the workspaces' writable state (boards and saves) under --data-dir, atomically. */
  persist(): void {
    this.stateFile.save({
      version: 1,
      idCounter: this.idCounter,
      boards: Object.fromEntries(this.data.workspaces.map((workspace) => [workspace.id, workspace.boards])),
    });
  }

  private restore(): void {
    const saved = this.stateFile.load();
    if (!saved || saved.version !== 1) return;
    this.idCounter = saved.idCounter;
    for (const workspace of this.data.workspaces) {
      const boards = saved.boards[workspace.id];
      if (boards) workspace.boards = boards;
    }
  }

  /**
   * Ad accounts with their daily rows, built on first use from the seed and the server's day;
   * when the clock reaches another day, the running ads' delivery follows it (deliverThrough).
   */
  get adAccounts(): AdAccount[] {
    const now = this.clock.now();
    const today = formatUtcDay(now);
    if (!this.accounts) {
      this.accounts = {
        builtOn: today,
        day: today,
        list: createAdAccounts(this.options.seed ?? 1, this.data.workspaces, now),
      };
    } else if (this.accounts.day !== today) {
      deliverThrough(this.accounts.list, this.accounts.builtOn, now);
      this.accounts.day = today;
    }
    return this.accounts.list;
  }

  /** Built on first use, so a server that only serves other areas starts fast. */
  get library(): LibraryIndex {
    this.libraryIndex ??= new LibraryIndex(this.data.catalogue.ads, this.data.catalogue.brands, this.data.anchorMs);
    return this.libraryIndex;
  }

  brand(id: string): CatalogueBrand | undefined {
    this.brandById ??= new Map(this.data.catalogue.brands.map((brand) => [brand.id, brand]));
    return this.brandById.get(id);
  }

  /** A catalogue brand by its domain (`ridgeoutfitters.example`). */
  brandByDomain(domain: string): CatalogueBrand | undefined {
    this.brandByDomainMap ??= new Map(this.data.catalogue.brands.map((brand) => [brand.domain, brand]));
    return this.brandByDomainMap.get(domain);
  }

  /** The words of a brand's name and domain, tokenized once for every brand search. */
  brandWords(id: string): readonly string[] {
    this.brandWordsById ??= new Map(
      this.data.catalogue.brands.map((brand) => [brand.id, [...tokenize(brand.name), ...tokenize(brand.domain)]]),
    );
    return this.brandWordsById.get(id) ?? [];
  }

  adById(id: string) {
    const match = /^ad-(\d{6})$/.exec(id);
    const ad = match ? this.data.catalogue.ads[Number(match[1]) - 1] : undefined;
    return ad && ad.id === id ? ad : undefined;
  }

  workspaceForKey(key: string): WorkspaceState | undefined {
    return this.byKey.get(key);
  }

  /** Media paths that answer 404 from now on, as an expired or removed link does (admin: POST /__admin/media/expire). */
  readonly expiredMedia = new Set<string>();

  reset(): void {
    this.expiredMedia.clear();
    this.data = createDemoData(this.options.seed ?? 1, this.clock.now());
    this.persist();
    this.byKey = this.indexKeys();
    this.libraryIndex = null;
    this.accounts = null;
    this.brandById = null;
    this.brandByDomainMap = null;
    this.brandWordsById = null;
    this.generations = new GenerationStore(this.options.seed ?? 1, this.clock);
    this.news = new NewsDesk(this.options.seed ?? 1, this.options.news ?? null, this.clock.now().getTime());
    this.faults.clear();
    this.rateLimiter.reset();
    this.requestLog.length = 0;
  }

  log(entry: Omit<RequestLogEntry, 'seq' | 'at'>): void {
    this.seq += 1;
    this.requestLog.push({ seq: this.seq, at: this.clock.now().toISOString(), ...entry });
    if (this.requestLog.length > 5000) this.requestLog.splice(0, this.requestLog.length - 5000);
  }
}

/**
 * The ideas of the store (`storeId`) that lead to the demo product page: those in the page's
 * language whose every version advertises the page's product first (the one its copy names).
 */
function productPageIdeas(ads: readonly LibraryAdRecord[], storeId: string): Set<string> {
  const fits = new Map<string, boolean>();
  for (const ad of ads) {
    if (ad.unified_brand_id !== storeId) continue;
    const fit = ad.language === DEMO_PRODUCT_PAGE_LANGUAGE && ad.products[0] === DEMO_PRODUCT_KEY;
    fits.set(ad.idea, (fits.get(ad.idea) ?? true) && fit);
  }
  return new Set([...fits].filter(([, fit]) => fit).map(([idea]) => idea));
}
