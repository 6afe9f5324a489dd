import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { open, payable, sent } from '../test-support';
import { groupItemPrices, groupOf, groupsFromOrder, mealBodies } from './groups';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const meal = (setMealId: number, name: string, splittable: boolean, priceEditable: boolean) => ({
  setMealId,
  name,
  splittable,
  priceEditable,
  activeFrom: null,
  activeTo: null,
  total: 300_000,
  items: [
    { projectId: 1, name: '光子嫩肤', sessions: 3, price: 200_000, listPrice: 128_000, settleDeptId: 7 },
    { projectId: 2, name: '水光针', sessions: 2, price: 100_000, listPrice: 198_000, settleDeptId: 7 },
  ],
});
const fixed = meal(5, '焕肤套餐', false, false);
const editable = meal(6, '体验套餐', true, true);
const me = { userId: 3, realname: '孙丽' };
const saveButton = () => screen.getByTestId('order-save') as HTMLButtonElement;

function openWithMeals() {
  return open([{ orderId: 9, number: '202611260001', status: 2, payable: 300_000, lines: [] }], undefined, {
    '/clinic/order/setMeals': [fixed, editable],
  });
}
const addMeal = async (label: string) => {
  fireEvent.mouseDown(await screen.findByLabelText('选择套餐'));
  fireEvent.click(await screen.findByTitle(label));
  fireEvent.click(screen.getByRole('button', { name: /添加套餐/ }));
};

describe('set meals on 开单', { timeout: 60_000 }, () => {
  it('a fixed set meal: its items at in-meal prices, price locked, removed only whole, saved as setMeals', async () => {
    const calls = openWithMeals();
    await addMeal('焕肤套餐 ¥3000.00');
    const group = await screen.findByTestId('meal-group');
    expect(within(group).getByText('不可拆分')).toBeTruthy();
    // In-meal price and its share of the unchanged group price.
    expect(within(group).getAllByText('2000.00', { selector: 'td' })).toHaveLength(2);
    expect((within(group).getByLabelText('套餐成交价 焕肤套餐') as HTMLInputElement).disabled).toBe(true);
    expect(within(group).queryByLabelText('移除 光子嫩肤')).toBeNull();
    await waitFor(() => expect(payable()).toBe('3000.00'));
    fireEvent.click(saveButton());
    expect(await screen.findByText('开单成功，请到收银台收费')).toBeTruthy();
    expect(sent(calls, '/CrmCustomerProjectDealRecord/save')).toEqual([
      expect.objectContaining({
        lines: [],
        setMeals: [
          {
            setMealId: 5,
            items: [
              { projectId: 1, sessions: 3, price: '2000.00' },
              { projectId: 2, sessions: 2, price: '1000.00' },
            ],
            deptId: null,
            salespeople: [{ userId: expect.any(Number), rate: 100 }],
          },
        ],
      }),
    ]);
  });

  it('a price-editable, splittable meal: a new group price is spread over the items; an item can go', async () => {
    const calls = openWithMeals();
    await addMeal('体验套餐 ¥3000.00');
    const group = await screen.findByTestId('meal-group');
    const price = within(group).getByLabelText('套餐成交价 体验套餐');
    fireEvent.change(price, { target: { value: '2000.01' } });
    // 2000.01 over 2000 : 1000 → 1333.34 and the remainder 666.67 on the last item.
    expect(await within(group).findByText('1333.34')).toBeTruthy();
    expect(within(group).getByText('666.67')).toBeTruthy();
    await waitFor(() => expect(payable()).toBe('2000.01'));
    fireEvent.click(within(group).getByLabelText('移除 水光针'));
    await waitFor(() => expect(payable()).toBe('2000.00'));
    fireEvent.click(saveButton());
    await screen.findByText('开单成功，请到收银台收费');
    expect(sent(calls, '/CrmCustomerProjectDealRecord/save')[0]).toMatchObject({
      setMeals: [{ setMealId: 6, items: [{ projectId: 1, sessions: 3, price: '2000.00' }] }],
    });
    // A set meal on the order is not offered again; removing the group offers it again.
    fireEvent.mouseDown(screen.getByLabelText('选择套餐'));
    expect(screen.queryByTitle('体验套餐 ¥3000.00')).toBeNull();
  });
});

describe('meal groups', () => {
  it('sends the group price only when editable and changed; rebuilds groups from saved lines', () => {
    const g = groupOf(editable, me);
    expect(mealBodies([g])[0]).not.toHaveProperty('dealPrice');
    expect(mealBodies([{ ...g, dealPrice: 150_000 }])[0]).toMatchObject({ dealPrice: '1500.00' });
    expect(mealBodies([{ ...groupOf(fixed, me), dealPrice: 150_000 }])[0]).not.toHaveProperty('dealPrice');
    expect(groupItemPrices({ ...g, dealPrice: 100 })).toEqual([66, 34]);
    const line = (
      lineId: number,
      setMealId: number | null,
      projectId: number,
      price: number,
      dealPrice: number,
      setMealGroup: number | null = setMealId === null ? null : 1,
    ) => ({
      lineId,
      projectId,
      setMealId,
      setMealGroup,
      name: projectId === 1 ? '光子嫩肤' : '水光针',
      quantity: 1,
      sessions: 1,
      price,
      salesPrice: price,
      dealPrice,
      discount: 100,
      deptId: null,
      deptName: '',
      salespeople: [{ userId: 3, name: '孙丽', rate: 100 }],
    });
    const groups = groupsFromOrder(
      [line(1, null, 1, 128_000, 88_000), line(2, 6, 1, 200_000, 133_334), line(3, 6, 2, 100_000, 66_667)],
      [editable],
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ setMealId: 6, name: '体验套餐', dealPrice: 200_001, priceEditable: true });
    expect(groups[0]!.items.map((i) => i.projectId)).toEqual([1, 2]);
    // The same set meal twice stays two groups, each with its own price.
    const twice = groupsFromOrder(
      [line(2, 6, 1, 200_000, 133_334), line(3, 6, 2, 100_000, 66_667), line(4, 6, 2, 100_000, 90_000, 2)],
      [editable],
    );
    expect(twice.map((x) => [x.setMealId, x.items.map((i) => i.projectId), x.dealPrice])).toEqual([
      [6, [1, 2], 200_001],
      [6, [2], 90_000],
    ]);
  });
});
