import { ServerClock } from './clock';
import { createDemoData, type DemoData, type WorkspaceRecord } from './demo-data';
import { Faults } from './faults';
import { RateLimiter } from './rate-limit';

export interface ServerOptions {
  port?: number;
  host?: string;
  seed?: number;
  now?: string;
  timeScale?: number;
  /** Requests per minute per API key; 0 turns limiting off. */
  rateLimit?: number;
  dataDir?: string;
}

export interface RequestLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
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
  private seq = 0;
  private byKey: Map<string, WorkspaceRecord>;

  constructor(readonly options: ServerOptions) {
    const seed = options.seed ?? 1;
    this.data = createDemoData(seed);
    this.clock = new ServerClock(options.now, options.timeScale ?? 1);
    this.faults = new Faults(seed);
    this.rateLimiter = new RateLimiter(options.rateLimit ?? 600);
    this.byKey = this.indexKeys();
  }

  private indexKeys(): Map<string, WorkspaceRecord> {
    return new Map(this.data.workspaces.map((workspace) => [workspace.apiKey, workspace]));
  }

  workspaceForKey(key: string): WorkspaceRecord | undefined {
    return this.byKey.get(key);
  }

  reset(): void {
    this.data = createDemoData(this.options.seed ?? 1);
    this.byKey = this.indexKeys();
    this.faults.clear();
    this.rateLimiter.reset();
    this.requestLog.length = 0;
  }

  log(entry: Omit<RequestLogEntry, 'seq' | 'at'>): void {
    this.seq += 1;
    this.requestLog.push({ seq: this.seq, at: new Date().toISOString(), ...entry });
    if (this.requestLog.length > 5000) this.requestLog.splice(0, this.requestLog.length - 5000);
  }
}
