/**
 * The server's only reader of the time. The wall clock answers "what day is it" for reporting
 * windows and records; `--now` pins it (frozen until advanced from a test). The generation
 * clock drives image-generation progress and runs at `--time-scale` times real time. Elapsed
 * real time (rate-limit windows, fresh ids) is read here too, never elsewhere.
 */
export class ServerClock {
  private pinned: number | null;
  private offsetMs = 0;
  private generationBase = 0;
  private generationAnchor = performance.now();

  constructor(
    now: string | undefined,
    private timeScale = 1,
  ) {
    this.pinned = now === undefined ? null : Date.parse(now);
    if (this.pinned !== null && Number.isNaN(this.pinned)) throw new RangeError(`--now is not a date: ${now}`);
  }

  now(): Date {
    return new Date((this.pinned ?? Date.now()) + this.offsetMs);
  }

  /** Real epoch milliseconds, never pinned: for windows of elapsed time such as rate limits. */
  realNow(): number {
    return Date.now();
  }

  /** Milliseconds on the generation clock since the server started. */
  generationNow(): number {
    return this.generationBase + (performance.now() - this.generationAnchor) * this.timeScale;
  }

  get scale(): number {
    return this.timeScale;
  }

  setTimeScale(scale: number): void {
    this.generationBase = this.generationNow();
    this.generationAnchor = performance.now();
    this.timeScale = scale;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
    this.generationBase += ms;
  }

  pin(now: string): void {
    const at = Date.parse(now);
    if (Number.isNaN(at)) throw new RangeError(`not a date: ${now}`);
    this.pinned = at;
    this.offsetMs = 0;
  }

  describe() {
    return { now: this.now().toISOString(), pinned: this.pinned !== null, timeScale: this.timeScale };
  }
}
