/** The ids after moving the one at `index` by `step` (−1 up, +1 down); unchanged at either end. */
export function moved(ids: readonly number[], index: number, step: -1 | 1): number[] {
  const to = index + step;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
