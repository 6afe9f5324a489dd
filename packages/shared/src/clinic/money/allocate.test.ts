import { describe, expect, it } from 'vitest';
import { allocate, allocateWithin, sessionsValue } from './allocate.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('allocate: parts in proportion, the remainder on the last part', () => {
  it.each([
    [100, [1, 1, 1], [33, 33, 34]],
    [1, [1, 1, 1], [0, 0, 1]],
    [0, [5, 3], [0, 0]],
    [1000, [1], [1000]],
    [1000, [70, 30], [700, 300]],
    [999, [70, 30], [699, 300]],
    [10, [0, 1, 1, 0], [0, 5, 5, 0]],
    // The remainder goes to the last part that has a weight, never to a zero-weight part.
    [7, [1, 1, 0], [3, 4, 0]],
    // All weights zero: equal parts.
    [5, [0, 0], [2, 3]],
    [-100, [1, 1, 1], [-33, -33, -34]],
    [-1, [1, 1], [0, -1]],
    [999_999_999_999, [1, 2], [333_333_333_333, 666_666_666_666]],
  ])('%i over %j → %j', (total, weights, parts) => {
    expect(allocate(total, weights)).toEqual(parts);
    expect(sum(allocate(total, weights))).toBe(total);
  });

  it('never loses a fen over many odd splits', () => {
    for (let total = -50; total <= 500; total += 7)
      for (const weights of [[1], [3, 7], [1, 1, 1, 1, 1, 1, 1], [13, 0, 29, 58], [33, 33, 34]]) {
        const parts = allocate(total, weights);
        expect(sum(parts)).toBe(total);
        for (const p of parts) expect(Number.isInteger(p)).toBe(true);
      }
  });

  it('mirrors a negative total fen for fen', () =>
    expect(allocate(-12345, [3, 5, 7])).toEqual(allocate(12345, [3, 5, 7]).map((p) => -p)));

  it('refuses what it cannot split', () => {
    expect(() => allocate(1, [])).toThrow(RangeError);
    expect(allocate(0, [])).toEqual([]);
    expect(() => allocate(0.5, [1])).toThrow(RangeError);
    expect(() => allocate(1, [-1, 2])).toThrow(RangeError);
  });
});

describe('allocateWithin: no part above its room', () => {
  it.each([
    [20, [10, 10, 1], [9, 10, 1]],
    [21, [10, 10, 1], [10, 10, 1]],
    [0, [3, 4], [0, 0]],
    [1, [1, 0, 0], [1, 0, 0]],
    [2, [5, 5], [1, 1]],
    [3, [0, 0, 5], [0, 0, 3]],
  ])('%i into %j → %j', (total, caps, parts) => {
    const got = allocateWithin(total, caps);
    expect(got).toEqual(parts);
    expect(sum(got)).toBe(total);
    for (const [i, p] of got.entries()) expect(p).toBeLessThanOrEqual(caps[i] as number);
  });
  it('refuses more than the room', () => expect(() => allocateWithin(3, [1, 1])).toThrow(RangeError));
});

describe('sessionsValue: sessions add up to the deal', () => {
  it.each([
    [1000, 3, 0, 1, 333],
    [1000, 3, 2, 1, 334],
    [1000, 3, 0, 3, 1000],
    [1000, 3, 1, 2, 667],
    [1, 3, 0, 2, 0],
    [1, 3, 2, 1, 1],
    [0, 5, 0, 5, 0],
    [999, 1, 0, 1, 999],
  ])('%i over %i sessions, from %i, %i of them → %i', (total, bought, from, count, value) =>
    expect(sessionsValue(total, bought, from, count)).toBe(value),
  );
  it('one at a time adds up to the total', () => {
    let used = 0;
    for (let i = 0; i < 7; i++) used += sessionsValue(10_000, 7, i, 1);
    expect(used).toBe(10_000);
  });
  it('refuses sessions out of range', () => expect(() => sessionsValue(100, 2, 1, 2)).toThrow(RangeError));
});
