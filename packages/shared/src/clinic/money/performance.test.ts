import { describe, expect, it } from 'vitest';
import {
  cashPerformance,
  checkPools,
  checkSalesSplit,
  consumptionPerformance,
  developerPerformance,
  type SalesShare,
} from './performance.ts';

describe('checkSalesSplit', () => {
  it.each<[SalesShare[], string | null]>([
    [[{ userId: 1, rate: 100 }], null],
    [
      [
        { userId: 1, rate: 60 },
        { userId: 2, rate: 40 },
      ],
      null,
    ],
    [[], '请选择销售人员'],
    [[{ userId: 1, rate: 99 }], '销售人员分成合计须为100%'],
    [
      [
        { userId: 1, rate: 60 },
        { userId: 2, rate: 41 },
      ],
      '销售人员分成合计须为100%',
    ],
    [
      [
        { userId: 1, rate: 50 },
        { userId: 1, rate: 50 },
      ],
      '同一销售人员只能出现一次',
    ],
    [
      [
        { userId: 1, rate: 100 },
        { userId: 2, rate: 0 },
      ],
      '分成比例须为1到100的整数',
    ],
    [[{ userId: 1, rate: 50.5 }], '分成比例须为1到100的整数'],
  ])('%j → %s', (split, msg) => {
    const r = checkSalesSplit(split);
    expect(r.ok ? null : r.msg).toBe(msg);
  });
});

describe('cashPerformance: the split sums to the base', () => {
  const three = [
    { userId: 1, rate: 33 },
    { userId: 2, rate: 33 },
    { userId: 3, rate: 34 },
  ];
  it.each([
    [10_000, [3_300, 3_300, 3_400]],
    [1, [0, 0, 1]],
    [0, [0, 0, 0]],
    [99_999, [32_999, 32_999, 34_001]],
    [-10_000, [-3_300, -3_300, -3_400]],
  ])('%i → %j', (base, amounts) => {
    const rows = cashPerformance(base, three);
    expect(rows.map((r) => r.amount)).toEqual(amounts);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(base);
    expect(rows[0]).toMatchObject({ userId: 1, role: 'sales', base, rate: 33 });
  });
  it('one salesperson at 100 % takes it all', () =>
    expect(cashPerformance(12_345, [{ userId: 9, rate: 100 }])).toEqual([
      { userId: 9, role: 'sales', base: 12_345, rate: 100, amount: 12_345 },
    ]));
});

describe('consumptionPerformance: role pools, then staff', () => {
  const pools = [
    { role: 'doctor', rate: 60, staff: [{ userId: 1 }] },
    { role: 'nurse', rate: 40, staff: [{ userId: 2 }, { userId: 3 }, { userId: 4 }] },
  ];
  it('splits the value and keeps every fen', () => {
    const rows = consumptionPerformance(10_001, pools);
    expect(rows.map((r) => [r.userId, r.role, r.amount])).toEqual([
      [1, 'doctor', 6_000],
      [2, 'nurse', 1_333],
      [3, 'nurse', 1_333],
      [4, 'nurse', 1_335],
    ]);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(10_001);
  });
  it('weights staff by share', () =>
    expect(
      consumptionPerformance(1_000, [
        {
          role: 'nurse',
          rate: 100,
          staff: [
            { userId: 2, share: 3 },
            { userId: 3, share: 1 },
          ],
        },
      ]).map((r) => r.amount),
    ).toEqual([750, 250]));
  it('an undo mirrors the rows', () =>
    expect(consumptionPerformance(-10_001, pools).map((r) => r.amount)).toEqual(
      consumptionPerformance(10_001, pools).map((r) => -r.amount),
    ));
  it('an empty pool earns nothing', () =>
    expect(
      consumptionPerformance(1_000, [
        { role: 'doctor', rate: 50, staff: [] },
        { role: 'nurse', rate: 50, staff: [{ userId: 2 }] },
      ]),
    ).toEqual([{ userId: 2, role: 'nurse', base: 1_000, rate: 50, amount: 500 }]));
  it.each([
    [
      [
        { role: 'a', rate: 60, staff: [] },
        { role: 'b', rate: 40, staff: [] },
      ],
      true,
    ],
    [[{ role: 'a', rate: 60, staff: [] }], false],
    [
      [
        { role: 'a', rate: 110, staff: [] },
        { role: 'b', rate: -10, staff: [] },
      ],
      false,
    ],
  ])('pools %j add up to 100: %s', (p, okay) => expect(checkPools(p).ok).toBe(okay));
});

describe('developerPerformance', () => {
  it.each([
    [10_000, 5, 500],
    [999, 5, 49],
    [1, 100, 1],
    [0, 10, 0],
    [-999, 5, -49],
  ])('%i at %i %% → %i', (base, rate, amount) =>
    expect(developerPerformance(base, 7, rate)).toEqual({ userId: 7, role: 'developer', base, rate, amount }),
  );
});
