/** Fixed one-minute windows per API key; 0 requests per minute turns limiting off. */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(public perMinute: number) {}

  /** Counts a request; returns the seconds to wait when over the limit, else null. */
  hit(key: string, nowMs: number): number | null {
    if (this.perMinute <= 0) return null;
    const start = Math.floor(nowMs / 60_000) * 60_000;
    const window = this.windows.get(key);
    if (!window || window.start !== start) {
      this.windows.set(key, { start, count: 1 });
      return null;
    }
    window.count += 1;
    if (window.count <= this.perMinute) return null;
    return Math.max(1, Math.ceil((start + 60_000 - nowMs) / 1000));
  }

  reset(): void {
    this.windows.clear();
  }
}
