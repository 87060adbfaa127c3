/** A fixed-window counter behind a small interface, so a Redis version can follow. */
export interface RateLimiter {
  /** Counts one hit on `key`; `allowed` is false once the window's limit is passed. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  async hit(key: string, limit: number, windowMs: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.sweep(now, windowMs);
    }
    window.count++;
    return { allowed: window.count <= limit, retryAfterMs: window.start + windowMs - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number, windowMs: number) {
    for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
  }
}
