import { type Answer, buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import SystemDictPage from './SystemDictPage';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const permissions = ['manage:backstage:look', 'manage:system:dict'];
const types: Answer<'/system/dict/queryTypes'> = [
  { typeId: 1, kind: 'dict', code: 'ownerShareholderType', name: '店家股东类型', builtin: true, itemCount: 1 },
  { typeId: 2, kind: 'code', code: '1020', name: '计划需求物品', builtin: true, itemCount: 1 },
];
const items: Record<number, Answer<'/system/dict/queryItems'>> = {
  1: [{ itemId: 11, typeId: 1, value: '1', name: '非股东', sort: 0 }],
  2: [{ itemId: 21, typeId: 2, value: '1020001', name: '办公用品', sort: 0 }],
};
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const button = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;

function open() {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({
    '/system/dict/queryTypes': types,
    '/system/dict/queryItems': (b) => items[Number(b.typeId)] ?? [],
    '/system/dict/saveItem': { itemId: 22 },
    '/system/dict/saveType': { typeId: 3 },
  });
  renderWithApp(<SystemDictPage />, { permissions });
  return calls;
}

describe('系统字典', { timeout: 60_000 }, () => {
  it('lists the dictionaries and the chosen one’s entries; adds an entry to a code list', async () => {
    const calls = open();
    expect(await screen.findByText('非股东')).toBeTruthy();
    // a built-in dictionary cannot be deleted
    const head = document.querySelector('.dict-page__head')!;
    expect([...head.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''))).toEqual([
      '编辑字典',
      '新增字典项',
    ]);
    fireEvent.click(screen.getByText('计划需求物品'));
    expect(await screen.findByText('办公用品')).toBeTruthy();
    fireEvent.click(button(/新增字典项/));
    await screen.findByLabelText('编码');
    // the schema's messages, before any call
    fireEvent.click(button(/保\s*存/));
    expect(await screen.findByText('请输入字典值')).toBeTruthy();
    expect(await screen.findByText('请输入显示名称')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: '1020005' } });
    fireEvent.change(screen.getByLabelText('显示名称'), { target: { value: '清洁用品' } });
    fireEvent.click(button(/保\s*存/));
    await waitFor(() => expect(sent(calls, '/system/dict/saveItem')).toHaveLength(1));
    expect(sent(calls, '/system/dict/saveItem')[0]).toMatchObject({ typeId: '2', value: '1020005', name: '清洁用品' });
  });

  it('a new dictionary needs a code made of letters and digits', async () => {
    const calls = open();
    await screen.findByText('非股东');
    fireEvent.click(button(/新建字典/));
    const code = await screen.findByLabelText('字典编码');
    fireEvent.change(code, { target: { value: '9abc' } });
    fireEvent.change(screen.getByLabelText('字典名称'), { target: { value: '会员等级' } });
    fireEvent.click(button(/保\s*存/));
    expect(await screen.findByText('字典编码只能包含字母、数字和下划线，且以字母开头')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'vipLevel' } });
    fireEvent.click(button(/保\s*存/));
    await waitFor(() => expect(sent(calls, '/system/dict/saveType')).toHaveLength(1));
    expect(sent(calls, '/system/dict/saveType')[0]).toMatchObject({ kind: 'dict', code: 'vipLevel', name: '会员等级' });
  });
});
