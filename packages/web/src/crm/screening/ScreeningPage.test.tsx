import type { Answer } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import ScreeningPage from './ScreeningPage';

type Screened = Answer<'/crm/screening/query'>;
type Match = Screened['groups'][number]['list'][number];
const row = (over: Partial<Match>): Match => ({
  kind: 'customer',
  id: 7,
  name: '孙晓雅',
  matchedField: 'mobile',
  matchedValue: '138****0000',
  ownerUserId: 3,
  ownerUserName: '郑浩',
  ownerDeptName: '销售一部',
  pool: false,
  createTime: '2026-11-01 09:30:00',
  canRead: false,
  ...over,
});
const answer: Screened = {
  groups: [
    {
      kind: 'customer',
      total: 60,
      list: [
        row({}),
        row({ id: 8, name: '吴静怡', ownerUserId: null, ownerUserName: '', ownerDeptName: '', pool: true }),
      ],
    },
    { kind: 'leads', total: 1, list: [row({ kind: 'leads', id: 9, name: '查重线索', canRead: true })] },
    { kind: 'contacts', total: 0, list: [] },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const typeAndSearch = (value: string) => {
  const box = screen.getByPlaceholderText('输入手机号、证件号或姓名，至少2个字');
  fireEvent.change(box, { target: { value } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

describe('客户查重', { timeout: 60_000 }, () => {
  it('refuses a one-character search without calling the server', async () => {
    const calls = fakeFetch({ '/crm/screening/query': answer });
    renderWithApp(<ScreeningPage />, { permissions: ['crm:screening:read'] });
    typeAndSearch(' 孙 ');
    expect(await screen.findByText('请输入至少2个字的姓名、手机号或证件号')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/crm/screening/query')).toHaveLength(0);
  });

  it('groups the matches by kind: a readable row opens, another names whom to ask', async () => {
    const calls = fakeFetch({ '/crm/screening/query': answer });
    renderWithApp(<ScreeningPage />, { permissions: ['crm:screening:read'] });
    // Only leads and customers searched.
    fireEvent.click(screen.getByLabelText('联系人'));
    typeAndSearch(' 13800000000 ');
    expect(await screen.findByText('客户（60 条）')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/crm/screening/query')?.body).toEqual({
        keyword: '13800000000',
        types: ['customer', 'leads'],
      }),
    );
    expect(screen.getByText('线索（1 条）')).toBeTruthy();
    // A kind with no match shows no group.
    expect(screen.queryByText(/^联系人（/)).toBeNull();
    expect(screen.getByText('共 60 条，仅显示前 2 条，请输入更完整的内容')).toBeTruthy();
    // Not readable: the owner and department to ask, no link.
    expect(screen.getByText('无权查看，请联系郑浩（销售一部）')).toBeTruthy();
    expect(screen.getByText('孙晓雅').closest('a')).toBeNull();
    expect(screen.getByText('公海客户，可在公海领取后查看')).toBeTruthy();
    expect(screen.getAllByText('手机：138****0000').length).toBe(3);
    // Readable: the name and 查看 open the lead's detail.
    expect(screen.getByText('查重线索').closest('a')?.getAttribute('href')).toBe('/crm/leads/9');
    expect(screen.getByText('查看').closest('a')?.getAttribute('href')).toBe('/crm/leads/9');
    expect(screen.getAllByText('2026-11-01 09:30').length).toBe(3);
  });

  it('says when nothing matches', async () => {
    fakeFetch({
      '/crm/screening/query': { groups: answer.groups.map((g) => ({ ...g, total: 0, list: [] })) },
    });
    renderWithApp(<ScreeningPage />, { permissions: ['crm:screening:read'] });
    typeAndSearch('zhangsan');
    expect(await screen.findByText('没有找到重复的客户、线索或联系人')).toBeTruthy();
  });
});
