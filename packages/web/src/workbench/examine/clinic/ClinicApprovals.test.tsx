import type { Answer } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch, renderWithApp } from '../test-utils';
import { ClinicApprovals } from './ClinicApprovals';

type ClinicRow = Answer<'/OaExamine/clinicExamines'>['list'][number];
const discountRow: ClinicRow = {
  recordId: 31,
  subjectType: 'clinic_discount',
  subjectId: 7,
  categoryTitle: '折扣审批',
  customerName: '陈雨桐',
  title: 'KD20261126001',
  amount: 60_000,
  sessions: 0,
  status: 0,
  applicantName: '孙丽',
  currentApprovers: '王建国',
  submitTime: '2026-11-26 10:00:00',
};
const refundRow: ClinicRow = {
  ...discountRow,
  recordId: 32,
  subjectType: 'clinic_refund',
  subjectId: 9,
  categoryTitle: '退费审核',
  title: '光子嫩肤',
  amount: 40_000,
  sessions: 2,
};
const page = <T,>(list: T[]) => ({ list, totalRow: list.length, page: 1, limit: 10 });
const discount: Answer<'/clinic/discount/detail'> = {
  orderId: 7,
  number: 'KD20261126001',
  status: 1,
  customerId: 3,
  customerName: '陈雨桐',
  applicantId: 5,
  applicantName: '孙丽',
  reason: '老顾客回馈',
  payable: 60_000,
  recordId: 31,
  examineStatus: 0,
  canAudit: true,
  canWithdraw: false,
  createTime: '2026-11-26 10:00:00',
  lines: [
    {
      lineId: 1,
      name: '光子嫩肤',
      quantity: 1,
      sessions: 5,
      price: 128_000,
      salesPrice: 88_000,
      dealPrice: 60_000,
      floor: 68_000,
      discount: 46.88,
      belowFloor: true,
    },
  ],
};
const flow: Answer<'/OaExamine/queryExamineRecordList'> = {
  examineType: 2,
  isCheck: 1,
  isRecheck: 0,
  steps: [
    {
      stepId: 1,
      stepType: 2,
      examineStatus: 3,
      examinUser: null,
      userList: [{ userId: 2, realname: '王建国', img: '', examineStatus: 3, examineTime: null }],
    },
  ],
};
const log: Answer<'/OaExamine/queryExamineLogList'> = [
  {
    orderId: 1,
    examineStatus: 5,
    examineTime: '2026-11-26 10:00:00',
    remarks: '',
    userId: 5,
    realname: '孙丽',
    img: '',
  },
];

afterEach(cleanup);

// The drawer's clicks take seconds on a loaded machine (several suites at once).
describe('clinic approvals in the approval center', { timeout: 30_000 }, () => {
  it('lists discounts and refunds with the customer and amount summary', async () => {
    fakeFetch({ '/OaExamine/clinicExamines': page([discountRow, refundRow]) });
    renderWithApp(<ClinicApprovals tab="waiting" />);
    expect(await screen.findByText('订单号 KD20261126001 · 应收 ¥600.00')).toBeTruthy();
    expect(screen.getByText('光子嫩肤 · 退 2 次 · ¥400.00')).toBeTruthy();
    expect(screen.getAllByText('陈雨桐')).toHaveLength(2);
  });

  it('shows nothing on a tab without clinic approvals', async () => {
    const calls = fakeFetch({ '/OaExamine/clinicExamines': page([]) });
    const { container } = renderWithApp(<ClinicApprovals tab="copied" />);
    await waitFor(() => expect(calls.some((c) => c.path === '/OaExamine/clinicExamines')).toBe(true));
    expect(calls.find((c) => c.path === '/OaExamine/clinicExamines')?.body).toMatchObject({ tab: 'copied' });
    expect(container.querySelector('.exm-clinic')).toBeNull();
  });

  it('opens a discount against its floors; 拒绝 needs remarks, then sends them', async () => {
    const calls = fakeFetch({
      '/OaExamine/clinicExamines': page([discountRow]),
      '/clinic/discount/detail': discount,
      '/OaExamine/queryExamineRecordList': flow,
      '/OaExamine/queryExamineLogList': log,
      '/OaExamine/auditExamine': { status: 2 },
    });
    renderWithApp(<ClinicApprovals tab="waiting" />);
    fireEvent.click(await screen.findByText('订单号 KD20261126001 · 应收 ¥600.00'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('¥680.00')).toBeTruthy();
    expect(within(drawer).getByText('低于最低价')).toBeTruthy();
    expect(within(drawer).getByText('老顾客回馈')).toBeTruthy();
    expect(await within(drawer).findByText(/孙丽 提交审批/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/clinic/discount/detail')?.body).toMatchObject({ orderId: '7' });

    fireEvent.click(within(drawer).getByRole('button', { name: '拒 绝' }));
    const modal = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.click(within(modal).getByRole('button', { name: '拒 绝' }));
    expect(await screen.findByText('拒绝时请填写审批意见')).toBeTruthy();
    expect(calls.some((c) => c.path === '/OaExamine/auditExamine')).toBe(false);

    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '价格再议' } });
    fireEvent.click(within(modal).getByRole('button', { name: '拒 绝' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/OaExamine/auditExamine')?.body).toMatchObject({
        recordId: '31',
        status: '2',
        remarks: '价格再议',
      }),
    );
  });

  it('hides 同意 / 拒绝 from a viewer the approval does not wait for', async () => {
    fakeFetch({
      '/OaExamine/clinicExamines': page([discountRow]),
      '/clinic/discount/detail': { ...discount, canAudit: false },
      '/OaExamine/queryExamineRecordList': flow,
      '/OaExamine/queryExamineLogList': log,
    });
    renderWithApp(<ClinicApprovals tab="initiate" />);
    fireEvent.click(await screen.findByText('订单号 KD20261126001 · 应收 ¥600.00'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('¥680.00')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '同 意' })).toBeNull();
  });

  it('shows a refund with its limit beside the requested amount, marked when above it', async () => {
    const refund: Answer<'/clinic/refund/detail'> = {
      refundId: 9,
      dealId: 4,
      customerId: 3,
      customerName: '陈雨桐',
      name: '光子嫩肤',
      sessions: 2,
      amount: 40_000,
      reason: '顾客搬家',
      toBalance: false,
      status: 1,
      recordId: 32,
      payoutOrderId: null,
      createUserId: 5,
      createUserName: '孙丽',
      createTime: '2026-11-26 10:00:00',
      deal: {
        sessionsBought: 5,
        sessionsUsed: 1,
        sessionsLeft: 4,
        sessionsHeld: 2,
        sessionsRefunded: 0,
        dealValue: 100_000,
        paidCash: 70_000,
        paidPrincipal: 0,
        paidGift: 0,
        arrears: 30_000,
      },
      refundLimit: 28_000,
      canAudit: true,
      canWithdraw: false,
    };
    fakeFetch({
      '/OaExamine/clinicExamines': page([refundRow]),
      '/clinic/refund/detail': refund,
      '/OaExamine/queryExamineRecordList': flow,
      '/OaExamine/queryExamineLogList': log,
    });
    renderWithApp(<ClinicApprovals tab="initiate" />);
    fireEvent.click(await screen.findByText('光子嫩肤 · 退 2 次 · ¥400.00'));
    const drawer = await screen.findByRole('dialog');
    const limit = (await within(drawer).findByText('可退上限')).closest('th')!.nextElementSibling!;
    expect(limit.textContent).toBe('¥280.00');
    const amount = within(drawer).getByText('退费金额').closest('th')!.nextElementSibling!;
    expect(amount.textContent).toBe('¥400.00超出可退上限');
  });
});
