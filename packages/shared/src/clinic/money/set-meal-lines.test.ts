import { describe, expect, it } from 'vitest';
import { checkSetMeal, mealActive, SetMealMsg, type StoredMeal, setMealDealPrices } from './set-meal-lines.ts';

describe('setMealDealPrices: a group price over the items by their in-meal prices', () => {
  it.each([
    // unchanged price: each item at its in-meal price
    [300_00, [100_00, 200_00], [100_00, 200_00]],
    // lowered: in proportion, rounded toward zero, remainder on the last
    [100_00, [1, 1, 1], [3333, 3333, 3334]],
    [99_99, [50_00, 30_00, 20_00], [49_99, 29_99, 20_01]],
    // free group
    [0, [100_00, 200_00], [0, 0]],
    // a free item takes nothing; the remainder goes to the last item with a price
    [10_01, [1000, 1000, 0], [500, 501, 0]],
    // one item takes it all
    [12_34, [99_00], [12_34]],
  ])('%i over %j → %j', (total, weights, parts) => {
    const got = setMealDealPrices(total, weights);
    expect(got).toEqual(parts);
    expect(got.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

const meal: StoredMeal = {
  name: '水光焕肤套餐',
  enabled: true,
  activeFrom: '2026-11-01',
  activeTo: '2026-12-31',
  splittable: false,
  priceEditable: false,
  total: 2500_00,
  items: [
    { projectId: 1, sessions: 3, price: 1500_00 },
    { projectId: 2, sessions: 2, price: 1000_00 },
  ],
};
const day = '2026-11-26';
const all = meal.items;

describe('mealActive', () => {
  it.each([
    ['2026-11-01', true],
    ['2026-12-31', true],
    ['2026-10-31', false],
    ['2027-01-01', false],
  ])('%s → %s', (d, want) => expect(mealActive(meal, d)).toBe(want));
  it('open ends and a disabled meal', () => {
    expect(mealActive({ enabled: true, activeFrom: null, activeTo: null }, '2000-01-01')).toBe(true);
    expect(mealActive({ enabled: false, activeFrom: null, activeTo: null }, day)).toBe(false);
  });
});

describe('checkSetMeal against the stored set meal', () => {
  it('the whole meal at its total: each item at its in-meal price', () => {
    expect(checkSetMeal(meal, { items: all, dealPrice: undefined }, day)).toEqual({
      ok: true,
      value: { total: 2500_00, dealPrice: 2500_00, dealPrices: [1500_00, 1000_00] },
    });
  });

  it('a price-editable meal spreads a lower price; a splittable one sells part of its items', () => {
    const editable = { ...meal, priceEditable: true, splittable: true };
    expect(checkSetMeal(editable, { items: all, dealPrice: 2000_01 }, day)).toMatchObject({
      ok: true,
      value: { dealPrices: [1200_00, 800_01] },
    });
    expect(checkSetMeal(editable, { items: [all[1]!], dealPrice: undefined }, day)).toMatchObject({
      ok: true,
      value: { total: 1000_00, dealPrices: [1000_00] },
    });
  });

  const n = (msg: string) => msg.replace('{name}', meal.name);
  it.each<[string, StoredMeal, { items: StoredMeal['items']; dealPrice: number | undefined }, string]>([
    ['disabled', { ...meal, enabled: false }, { items: all, dealPrice: undefined }, n(SetMealMsg.disabled)],
    [
      'not yet active',
      { ...meal, activeFrom: '2026-12-01' },
      { items: all, dealPrice: undefined },
      n(SetMealMsg.notActive),
    ],
    ['expired', { ...meal, activeTo: '2026-11-25' }, { items: all, dealPrice: undefined }, n(SetMealMsg.notActive)],
    ['no items', meal, { items: [], dealPrice: undefined }, n(SetMealMsg.itemsRequired)],
    [
      'a changed in-meal price',
      meal,
      { items: [all[0]!, { ...all[1]!, price: 1 }], dealPrice: undefined },
      n(SetMealMsg.itemsChanged),
    ],
    [
      'changed sessions',
      meal,
      { items: [{ ...all[0]!, sessions: 9 }, all[1]!], dealPrice: undefined },
      n(SetMealMsg.itemsChanged),
    ],
    [
      'an item not in the meal',
      meal,
      { items: [...all, { projectId: 3, sessions: 1, price: 0 }], dealPrice: undefined },
      n(SetMealMsg.itemsChanged),
    ],
    ['items out of order', meal, { items: [all[1]!, all[0]!], dealPrice: undefined }, n(SetMealMsg.itemsChanged)],
    [
      'part of a meal that is not splittable',
      meal,
      { items: [all[0]!], dealPrice: undefined },
      n(SetMealMsg.notSplittable),
    ],
    [
      'a stored total that is not the items',
      { ...meal, total: 1 },
      { items: all, dealPrice: undefined },
      n(SetMealMsg.itemsChanged),
    ],
    ['a price on a fixed-price meal', meal, { items: all, dealPrice: 2000_00 }, n(SetMealMsg.priceFixed)],
    ['above the total', { ...meal, priceEditable: true }, { items: all, dealPrice: 2500_01 }, n(SetMealMsg.aboveTotal)],
  ])('refuses %s', (_, stored, sent, msg) => {
    expect(checkSetMeal(stored, sent, day)).toEqual({ ok: false, msg });
  });
});
