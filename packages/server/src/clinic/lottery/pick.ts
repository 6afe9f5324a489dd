import { randomInt } from 'node:crypto';
import { PrizeKind } from '@crm/shared';

export type Drawable = { id: number; kind: number; stock: number | null; weight: number };

/** Prizes that can still be won: a weight, and stock left (谢谢参与 never runs out). */
export const drawable = <P extends Drawable>(prizes: P[]): P[] =>
  prizes.filter((p) => p.weight > 0 && (p.kind === PrizeKind.nothing || (p.stock ?? 0) > 0));

/**
 * One prize by weight: a uniform integer below the weights' sum (a cryptographic random by
 * default, never Math.random) falls into one prize's share. Undefined when nothing can be won.
 */
export function pickPrize<P extends Drawable>(prizes: P[], random: (max: number) => number = randomInt): P | undefined {
  const open = drawable(prizes);
  const total = open.reduce((s, p) => s + p.weight, 0);
  if (total <= 0) return undefined;
  let roll = random(total);
  for (const p of open) {
    if (roll < p.weight) return p;
    roll -= p.weight;
  }
  return open[open.length - 1];
}
