import { customerKind, type Scene } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import type { PickedRecord } from './api';
import { RecordLinkPicker } from './RecordLinkPicker';
import { applyTick, clampPage, pageCount } from './selection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 23 customers 客户01…客户23 in the viewer's scope; the search keeps those whose name holds it. */
const customers = Array.from({ length: 23 }, (_, i) => ({
  customerId: i + 1,
  customerName: `客户${String(i + 1).padStart(2, '0')}`,
  ownerUserId: 5,
  ownerUserName: '孙丽',
  createUserId: 5,
  createUserName: '孙丽',
  createTime: '2026-11-20T02:00:00.000Z',
  updateTime: '2026-11-20T02:00:00.000Z',
  nextTime: null,
}));
const scenes: Scene[] = [
  { sceneId: -1, name: '全部', isDefault: 0, isSystem: true, data: {} },
  { sceneId: -2, name: '我负责的', isDefault: 1, isSystem: true, data: {} },
];

function server() {
  return fakeFetch({
    '/CrmCustomer/queryScene': scenes,
    '/CrmCustomer/queryPageList': (body: Record<string, unknown>) => {
      const page = Number(body.page);
      const limit = Number(body.limit);
      const found = customers.filter((c) => c.customerName.includes(String(body.search ?? '')));
      return { list: found.slice((page - 1) * limit, page * limit), totalRow: found.length, page, limit };
    },
  });
}

function open(props: { single?: boolean; value?: PickedRecord[] } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithApp(
    <RecordLinkPicker
      open
      kind={customerKind}
      prefix="CrmCustomer"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel };
}

const lists = (calls: ReturnType<typeof server>) => calls.filter((c) => c.path === '/CrmCustomer/queryPageList');
const tick = async (name: string) => {
  const row = (await find(name)).closest('tr')!;
  fireEvent.click(within(row).getByRole('checkbox'));
};
/** antd's table renders slowly in jsdom: wait longer than findBy's default second. */
const find = (text: string) => screen.findByText(text, {}, { timeout: 15_000 });
const disabled = (id: string) => (screen.getByTestId(id) as HTMLButtonElement).disabled;
const pageText = () => screen.getByTestId('rp-page').textContent;

describe('pageCount and clampPage', () => {
  it.each([
    [0, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [23, 3],
  ])('%i rows make %i pages', (total, pages) => expect(pageCount(total, 10)).toBe(pages));
  it.each([
    [0, 3, 1],
    [1, 3, 1],
    [4, 3, 3],
    [2, 0, 1],
  ])('page %i of %i is kept at %i', (page, pages, kept) => expect(clampPage(page, pages)).toBe(kept));
});

describe('applyTick', () => {
  const a = { id: 1, name: 'A' };
  const b = { id: 2, name: 'B' };
  const c = { id: 3, name: 'C' };
  it('keeps only the last ticked row in single mode', () => {
    expect(applyTick([a], [b], true, true)).toEqual([b]);
    expect(applyTick([b], [b], false, true)).toEqual([]);
  });
  it('adds to and removes from the selection in multi mode', () => {
    expect(applyTick([a], [b, c], true, false)).toEqual([a, b, c]);
    expect(applyTick([a, b, c], [b], false, false)).toEqual([a, c]);
    expect(applyTick([a], [a], true, false)).toEqual([a]);
  });
});

describe('RecordLinkPicker', { timeout: 60_000 }, () => {
  it('opens on the default scene, pages by ten up and down within 1 and the last page', async () => {
    const calls = server();
    open();
    await find('客户01');
    expect(lists(calls)[0]!.body).toMatchObject({ page: 1, limit: 10, search: '', sceneId: -2 });
    expect(pageText()).toBe('第 1 / 3 页，共 23 条');
    expect(disabled('rp-prev')).toBe(true);
    fireEvent.click(screen.getByTestId('rp-next'));
    await find('客户11');
    fireEvent.click(screen.getByTestId('rp-next'));
    await find('客户21');
    expect(pageText()).toBe('第 3 / 3 页，共 23 条');
    expect(disabled('rp-next')).toBe(true);
    expect(lists(calls).map((c) => c.body.page)).toEqual([1, 2, 3]);
    fireEvent.click(screen.getByTestId('rp-prev'));
    await find('客户11');
    expect(pageText()).toBe('第 2 / 3 页，共 23 条');
  });

  it('asks again for another scene, from page 1', async () => {
    const calls = server();
    open();
    await find('客户01');
    fireEvent.click(screen.getByTestId('rp-next'));
    await find('客户11');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '场景' }));
    fireEvent.click(await screen.findByTitle('全部'));
    await waitFor(() => expect(lists(calls).at(-1)!.body).toMatchObject({ sceneId: -1, page: 1 }));
  });

  it('searches from page 1 again', async () => {
    const calls = server();
    open();
    await find('客户01');
    fireEvent.click(screen.getByTestId('rp-next'));
    await find('客户11');
    const box = within(screen.getByTestId('rp-search')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: '客户2' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await find('客户23');
    expect(lists(calls).at(-1)!.body).toMatchObject({ page: 1, search: '客户2' });
    expect(pageText()).toBe('第 1 / 1 页，共 4 条');
    expect(disabled('rp-next')).toBe(true);
  });

  it('keeps the selections of other pages in multi mode and confirms them all', async () => {
    server();
    const { onConfirm } = open({ value: [{ id: 23, name: '客户23' }] });
    await tick('客户02');
    fireEvent.click(screen.getByTestId('rp-next'));
    await tick('客户12');
    expect(screen.getByTestId('rp-selected').textContent).toBe('已选 3 项');
    fireEvent.click(screen.getByTestId('rp-prev'));
    const back = (await find('客户02')).closest('tr')!;
    expect((within(back).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('rp-confirm'));
    expect(onConfirm).toHaveBeenCalledWith([
      { id: 23, name: '客户23' },
      { id: 2, name: '客户02' },
      { id: 12, name: '客户12' },
    ]);
  });

  it('keeps only the last ticked row in single mode, across pages too', async () => {
    server();
    const { onConfirm } = open({ single: true });
    await tick('客户02');
    await tick('客户05');
    fireEvent.click(screen.getByTestId('rp-next'));
    await tick('客户14');
    expect(screen.getByTestId('rp-selected').textContent).toBe('已选 1 项');
    fireEvent.click(screen.getByTestId('rp-confirm'));
    expect(onConfirm).toHaveBeenCalledWith([{ id: 14, name: '客户14' }]);
  });

  it('closes on cancel without answering a selection', async () => {
    server();
    const { onConfirm, onCancel } = open();
    await tick('客户03');
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
