/**
 * Data read from the database once and served from memory (published posts, pages), read again
 * after `ttlMs` by the service's clock. Writes of this instance call `invalidate()` so they show
 * at once; writes of another instance show within `ttlMs`. Concurrent reads share one load.
 */
export class Snapshot<T> {
  private value: { loadedAt: number; data: T } | null = null;
  private loading: Promise<T> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  /** Forget the loaded data: the next read sees the database. */
  invalidate(): void {
    this.value = null;
  }

  async get(): Promise<T> {
    const now = this.now().getTime();
    const age = this.value ? now - this.value.loadedAt : Infinity;
    // A clock set back (NTP, tests) makes the age negative: read again rather than keep it forever.
    if (this.value && age >= 0 && age < this.ttlMs) return this.value.data;
    this.loading ??= this.load()
      .then((data) => {
        this.value = { loadedAt: now, data };
        return data;
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }
}
