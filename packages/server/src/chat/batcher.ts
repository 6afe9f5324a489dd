/**
 * Work on keys done in batches, one batch at a time (group commit): a key added while a batch
 * runs waits for the next one, which takes every key added meanwhile. An idle batcher starts
 * after the current turn of the event loop (so the keys of one burst go together), or after
 * `delayMs`; a busy one batches more the busier it is. `add` resolves when a batch holding the key is done (or
 * rejects with its error).
 */
export class Batcher<K> {
  private pending = new Set<K>();
  private waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private busy = false;

  private max: number;
  private delayMs: number;

  constructor(
    private run: (keys: K[]) => Promise<void>,
    /**
     * `max`: most keys one run takes (a batch larger than this runs in several); `delayMs`: how
     * long an idle batcher gathers keys before it starts (0: the current turn of the event loop).
     */
    options: { max?: number; delayMs?: number } = {},
  ) {
    this.max = options.max ?? 1000;
    this.delayMs = options.delayMs ?? 0;
  }

  add(key: K): Promise<void> {
    this.pending.add(key);
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (!this.busy) {
      this.busy = true;
      if (this.delayMs > 0) setTimeout(() => void this.drain(), this.delayMs).unref();
      else setImmediate(() => void this.drain());
    }
    return done;
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const keys = [...this.pending];
      this.pending.clear();
      const waiting = this.waiting;
      this.waiting = [];
      try {
        for (let i = 0; i < keys.length; i += this.max) await this.run(keys.slice(i, i + this.max));
        for (const w of waiting) w.resolve();
      } catch (err) {
        for (const w of waiting) w.reject(err);
      }
    }
    this.busy = false;
  }
}
