import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

describe('the batcher', () => {
  it('runs the keys of one burst together, and those added during a run in the next one', async () => {
    const runs: number[][] = [];
    let release: () => void = () => {};
    const batcher = new Batcher<number>(async (keys) => {
      runs.push(keys);
      if (runs.length === 1) await new Promise<void>((r) => (release = r));
    });
    const first = [batcher.add(1), batcher.add(2), batcher.add(2)];
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1, 2]]);
    // The first run is still going: these wait for the next one, which takes all of them.
    const later = [batcher.add(3), batcher.add(4), batcher.add(1)];
    let laterDone = false;
    void Promise.all(later).then(() => (laterDone = true));
    release();
    await Promise.all(first);
    await Promise.all(later);
    expect(laterDone).toBe(true);
    expect(runs).toEqual([
      [1, 2],
      [3, 4, 1],
    ]);
  });

  it('splits a batch larger than its maximum and rejects the waiters of a failed run', async () => {
    const runs: number[][] = [];
    const batcher = new Batcher<number>(
      async (keys) => {
        runs.push(keys);
      },
      { max: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((k) => batcher.add(k)));
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);

    const failing = new Batcher<number>(async () => {
      throw new Error('database down');
    });
    await expect(failing.add(1)).rejects.toThrow('database down');
    // It keeps working after a failure.
    await expect(failing.add(2)).rejects.toThrow('database down');
  });

  it('gathers for delayMs before a run when asked to', async () => {
    const runs: number[][] = [];
    const batcher = new Batcher<number>(
      async (keys) => {
        runs.push(keys);
      },
      { delayMs: 30 },
    );
    const done = batcher.add(1);
    await new Promise((r) => setTimeout(r, 10));
    void batcher.add(2);
    expect(runs).toEqual([]);
    await done;
    expect(runs).toEqual([[1, 2]]);
  });
});
