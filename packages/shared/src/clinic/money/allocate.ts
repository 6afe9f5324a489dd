/**
 * Splitting a sum of fen into parts in proportion to weights (order lines' payables, sessions,
 * salespeople's rates). Each part is rounded toward zero and the fen left over go to the last part
 * with a non-zero weight, so the parts always add up to the total exactly and, for a negative total
 * (a refund's reversal), mirror the positive split fen for fen.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`not a whole number of fen: ${total}`);
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError('nothing to allocate over');
    return [];
  }
  for (const w of weights) if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`bad weight: ${w}`);
  let sum = weights.reduce((a, b) => a + b, 0);
  // All weights zero: equal parts (a free line set among free lines still gets its share of 0).
  const ws = sum === 0 ? weights.map(() => 1) : weights;
  if (sum === 0) sum = ws.length;
  const sign = total < 0 ? -1n : 1n;
  const abs = BigInt(Math.abs(total));
  const big = BigInt(sum);
  const parts = ws.map((w) => Number((abs * BigInt(w)) / big));
  const last = lastIndexWhere(ws, (w) => w > 0);
  parts[last] = (parts[last] as number) + (Math.abs(total) - parts.reduce((a, b) => a + b, 0));
  return sign < 0n ? parts.map((p) => (p === 0 ? 0 : -p)) : parts;
}

/** `count` sessions starting at session `from` (0-based) of a deal worth `total` over `bought`: the last session carries the remainder. */
export function sessionsValue(total: number, bought: number, from: number, count: number): number {
  if (bought <= 0 || from < 0 || count < 0 || from + count > bought) throw new RangeError('sessions out of range');
  const base = Math.trunc(total / bought);
  const remainder = total - base * bought;
  return base * count + (count > 0 && from + count === bought ? remainder : 0);
}

/**
 * Like `allocate`, but no part may exceed its line's room (`caps`): parts are rounded down and the
 * fen left over go, one at a time, to the last lines that still have room. Used to spread one
 * payment source over lines that other sources already partly filled. `total` ≤ Σ caps.
 */
export function allocateWithin(total: number, caps: readonly number[]): number[] {
  const room = caps.reduce((a, b) => a + b, 0);
  if (total < 0 || total > room) throw new RangeError(`cannot fit ${total} into ${room}`);
  if (room === 0) return caps.map(() => 0);
  const parts = caps.map((c) => Number((BigInt(total) * BigInt(c)) / BigInt(room)));
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (let i = caps.length - 1; left > 0; i = i === 0 ? caps.length - 1 : i - 1) {
    if ((parts[i] as number) < (caps[i] as number)) {
      parts[i] = (parts[i] as number) + 1;
      left -= 1;
    }
  }
  return parts;
}

function lastIndexWhere<T>(xs: readonly T[], p: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (p(xs[i] as T)) return i;
  return xs.length - 1;
}
