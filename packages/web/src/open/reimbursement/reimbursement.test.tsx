import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import ReimbursementPage from './ReimbursementPage';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const token = 'T'.repeat(32);
const claim = {
  examineId: 9,
  categoryTitle: '差旅报销',
  kind: 'travel',
  content: '上海医美展会差旅',
  remark: '',
  applicant: '孙丽',
  deptName: '销售一部',
  createTime: '2026-11-20 09:00:00',
  total: 1353.5,
  lines: [
    {
      seq: 0,
      startDate: '2026-11-10',
      endDate: '2026-11-11',
      description: '往返车票',
      vehicle: '高铁',
      endAddress: '上海',
      payee: null,
      bankAccount: null,
      bankDeposit: null,
      money: 553.5,
    },
  ],
  approvals: [{ realname: '陈静', action: '同意', remarks: '票据齐全', time: '2026-11-21 10:00:00' }],
};

describe('/reimbursementDetail', { timeout: 60_000 }, () => {
  it('shows the claim its link opens, sending the token', async () => {
    window.history.pushState({}, '', `/reimbursementDetail?token=${token}`);
    const calls = fakeFetch({ '/open/reimbursement/detail': claim });
    renderWithApp(<ReimbursementPage />);
    expect((await screen.findByTestId('claim-total')).textContent).toBe('¥1,353.50');
    expect(screen.getByText('上海医美展会差旅')).toBeTruthy();
    expect(screen.getByText(/陈静 · 同意：票据齐全/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/open/reimbursement/detail')?.body).toMatchObject({ token });
  });

  it('shows the server’s refusal, and asks for a link when there is no token', async () => {
    window.history.pushState({}, '', `/reimbursementDetail?token=${token}`);
    fakeFetch({ '/open/reimbursement/detail': refuse(403, '链接已被撤销，请向工作人员索取新的链接') });
    renderWithApp(<ReimbursementPage />);
    expect(await screen.findByText('链接已被撤销，请向工作人员索取新的链接')).toBeTruthy();
    cleanup();
    window.history.pushState({}, '', '/reimbursementDetail');
    renderWithApp(<ReimbursementPage />);
    expect(await screen.findByText('链接不完整，请向工作人员索取新的链接')).toBeTruthy();
  });
});
