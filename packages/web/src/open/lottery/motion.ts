/**
 * Where the animations stop: the server decides the prize, the page only moves to it. The wheel's
 * sectors run clockwise from the pointer at the top; the grid's 8 outer cells run clockwise from
 * the top-left (a 3×3 grid, the centre is the button).
 */

/** The wheel's rotation (degrees, growing) that puts the centre of sector `index` under the pointer after `turns` full turns. */
export function wheelStop(current: number, index: number, count: number, turns = 6): number {
  const sector = 360 / count;
  const wanted = (360 - (index + 0.5) * sector) % 360;
  const base = current - (((current % 360) + 360) % 360);
  return base + turns * 360 + wanted;
}

/** The 3×3 cell of each outer place, clockwise from the top-left. */
export const GRID_RING = [0, 1, 2, 5, 8, 7, 6, 3] as const;

/** The prize index each of the 8 places shows: the prizes repeat round the ring when fewer than 8. */
export const gridPrizeAt = (place: number, count: number) => (count > 0 ? place % count : -1);

/** The lights' path: from `from` round the ring `laps` times and on to the first place showing `index`. */
export function gridPath(from: number, index: number, count: number, laps = 3): number[] {
  const target =
    Array.from({ length: GRID_RING.length }, (_, p) => p).find((p) => gridPrizeAt(p, count) === index) ?? 0;
  const steps = laps * GRID_RING.length + ((target - from + GRID_RING.length) % GRID_RING.length);
  return Array.from({ length: steps }, (_, i) => (from + i + 1) % GRID_RING.length);
}

/** A step's delay: quick at first, slowing down over the last places, as a lamp ring does. */
export const gridDelay = (step: number, total: number) => {
  const left = total - step;
  return left > 10 ? 60 : 60 + (10 - left) * 35;
};
