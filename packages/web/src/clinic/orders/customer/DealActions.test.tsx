import { buildAuthObject, type DealRecordRow } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import type { Answers } from '@/test/answers';
import { type Call, fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import { ConvertAction } from './ConvertDialog';
import { RepairAction } from './RepairDialog';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** 光子嫩肤: 5 sessions for 1000 yuan in cash, one used. */
const deal: DealRecordRow = {
  dealId: 31,
  customerId: 4,
  projectId: 1,
  name: '光子嫩肤',
  orderId: 9,
  orderNumber: '202611260001',
  sessionsBought: 5,
  sessionsUsed: 1,
  sessionsRefunded: 0,
  sessionsConverted: 0,
  sessionsLeft: 4,
  sessionsHeld: 0,
  expiresOn: '2027-11-26',
  dealValue: 100_000,
  paidCash: 100_000,
  paidPrincipal: 0,
  paidGift: 0,
  paidCoupon: 0,
  arrears: 0,
  refundedAmount: 0,
  kind: 1,
  originalDealId: null,
  status: 2,
  createTime: '2026-11-26 10:00:00',
};
const targets = {
  sessions: 4,
  leftValue: 80_000,
  leftPaid: 80_000,
  targets: [
    { projectId: 7, name: '皮秒祛斑', sessions: 3, price: 298_000, salesPrice: 238_000, className: '光电疗程互转' },
    {
      projectId: 8,
      name: '激光脱毛（腋下）',
      sessions: 6,
      price: 98_000,
      salesPrice: 68_000,
      className: '光电疗程互转',
    },
  ],
};

function show(node: React.ReactNode, answers: Answers, permissions = ['crm:dealRecord:save']) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch(answers);
  renderWithApp(node, { permissions });
  return calls;
}
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

async function pick(name: string) {
  fireEvent.mouseDown(within(await screen.findByTestId('convert-target')).getByRole('combobox'));
  fireEvent.click(await screen.findByText(new RegExp(name)));
}

describe('转换', { timeout: 60_000 }, () => {
  it('shows what the difference does before sending, then converts once with one batch id', async () => {
    const calls = show(<ConvertAction deal={deal} />, {
      '/CrmCustomerProjectDealRecord/findConvertByProjectId': targets,
      // 激光脱毛 (68,000 for the 800.00 left): 120.00 goes back to the principal, nothing to pay.
      '/CrmCustomerProjectDealRecord/dealProjectConvert': (body) =>
        body.projectId === 7
          ? refuse(400, '该成交项目有欠款，请还清后再转换')
          : {
              conversionId: 1,
              status: 2,
              fromDealId: 31,
              sessions: 4,
              valueMoved: 80_000,
              targetValue: 68_000,
              toPay: 0,
              toPrincipal: 12_000,
              forfeited: 0,
              toDealId: 32,
              orderId: null,
              orderNumber: null,
            },
    });
    fireEvent.click(screen.getByTestId('convert-31'));
    await screen.findByTestId('convert-dialog');
    expect(await screen.findByText(/可转换 4 次，价值 800.00 元/)).toBeTruthy();
    await pick('皮秒祛斑');
    expect((await screen.findByTestId('convert-outcome')).textContent).toContain('需补差价 1580.00 元');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    // The server's refusal is shown and the dialog stays open.
    expect(await screen.findByText('该成交项目有欠款，请还清后再转换')).toBeTruthy();
    await pick('激光脱毛');
    expect(screen.getByTestId('convert-outcome').textContent).toContain('差额 120.00 元退回本金余额');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('转换完成')).toBeTruthy();
    const bodies = sent(calls, '/CrmCustomerProjectDealRecord/dealProjectConvert');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ dealId: 31, projectId: 8, sessions: 4, quantity: 1 });
    // A retry after a refusal keeps the batch id: the server answers a double click with the first conversion.
    expect(bodies[0]!.batchId).toBe(bodies[1]!.batchId);
  });

  it('is not offered without the permission, for a repair, with arrears or nothing free', () => {
    show(
      <>
        <ConvertAction deal={{ ...deal, dealId: 1, kind: 2, originalDealId: 9 }} />
        <ConvertAction deal={{ ...deal, dealId: 2, arrears: 100 }} />
        <ConvertAction deal={{ ...deal, dealId: 3, sessionsHeld: 4 }} />
        <ConvertAction deal={{ ...deal, dealId: 4, status: 5 }} />
      </>,
      {},
    );
    expect(screen.queryByText('转换')).toBeNull();
    cleanup();
    show(<ConvertAction deal={deal} />, {}, ['crm:customer:read']);
    expect(screen.queryByText('转换')).toBeNull();
  });
});

describe('返修', { timeout: 60_000 }, () => {
  it('asks for a reason, sends the price as yuan text and says where a priced repair goes', async () => {
    const calls = show(<RepairAction deal={deal} />, {
      '/CrmCustomerProjectDealRecord/repair': {
        dealId: null,
        orderId: 3,
        orderNumber: '202611260003',
        price: 20_000,
        sessions: 1,
      },
    });
    fireEvent.click(screen.getByTestId('repair-31'));
    await screen.findByTestId('repair-dialog');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请填写返修原因')).toBeTruthy();
    fireEvent.change(screen.getByTestId('repair-price'), { target: { value: '200.5' } });
    fireEvent.change(screen.getByTestId('repair-reason'), { target: { value: '术后不对称' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已生成返修订单 202611260003，请到收银台收费')).toBeTruthy();
    await waitFor(() => expect(sent(calls, '/CrmCustomerProjectDealRecord/repair')).toHaveLength(1));
    expect(sent(calls, '/CrmCustomerProjectDealRecord/repair')[0]).toMatchObject({
      dealId: 31,
      sessions: 1,
      price: '200.5',
      reason: '术后不对称',
    });
  });

  it('is offered only for a treated normal deal', () => {
    show(
      <>
        <RepairAction deal={{ ...deal, dealId: 1, sessionsUsed: 0 }} />
        <RepairAction deal={{ ...deal, dealId: 2, kind: 2, originalDealId: 9 }} />
      </>,
      {},
    );
    expect(screen.queryByText('返修')).toBeNull();
  });
});
