import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickerUser, userPage } from '@/test/people';
import { open, sent, type } from './test-support';

// As it will be once the save takes `discountReason` (the 折扣审批 path): the shared schema decides.
vi.mock('./discount-reason', () => ({ takesDiscountReason: true }));

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const saveButton = () => screen.getByTestId('order-save') as HTMLButtonElement;

describe('开单 below the floor, with the discount approval', { timeout: 60_000 }, () => {
  it('asks a reason for a line below the floor, sends it, and says the order went for approval', async () => {
    const calls = open([{ orderId: 9, number: '202611260001', status: 1, payable: 60_000, lines: [] }]);
    fireEvent.click(await screen.findByLabelText('添加 光子嫩肤'));
    await screen.findByText('最低成交价 680.00');
    expect(screen.queryByLabelText('折扣原因（有项目低于最低成交价，需审批）')).toBeNull();
    type('成交价 光子嫩肤', '600');
    const reason = await screen.findByLabelText('折扣原因（有项目低于最低成交价，需审批）');
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '老客回馈' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('已提交折扣审批，审批通过后到收银台收费')).toBeTruthy();
    expect(sent(calls, '/CrmCustomerProjectDealRecord/save')).toEqual([
      expect.objectContaining({
        discountReason: '老客回馈',
        lines: [expect.objectContaining({ dealPrice: '600.00' })],
      }),
    ]);
  });

  it('sends no reason when every line is at or above its floor', async () => {
    const calls = open([{ orderId: 9, number: '202611260001', status: 2, payable: 88_000, lines: [] }]);
    fireEvent.click(await screen.findByLabelText('添加 光子嫩肤'));
    await screen.findByText('最低成交价 680.00');
    fireEvent.click(saveButton());
    expect(await screen.findByText('开单成功，请到收银台收费')).toBeTruthy();
    expect(sent(calls, '/CrmCustomerProjectDealRecord/save')[0]).not.toHaveProperty('discountReason');
  });

  it('asks for the approver when 折扣审批 lets the opener choose, and sends checkUserId', async () => {
    const calls = open([{ orderId: 9, number: '202611260001', status: 1, payable: 60_000, lines: [] }], undefined, {
      '/clinic/approval/flow': { enabled: true, chooseApprover: true, steps: [] },
      '/system/user/queryUserList': userPage(pickerUser(2, '王建国')),
    });
    fireEvent.click(await screen.findByLabelText('添加 光子嫩肤'));
    await screen.findByText('最低成交价 680.00');
    type('成交价 光子嫩肤', '600');
    fireEvent.change(await screen.findByLabelText('折扣原因（有项目低于最低成交价，需审批）'), {
      target: { value: '老客回馈' },
    });
    // Reason given, approver missing: the field says so and save waits.
    expect(await screen.findByText('请选择审批人', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.mouseDown(screen.getByLabelText('审批人'));
    fireEvent.click(await screen.findByTitle('王建国'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('已提交折扣审批，审批通过后到收银台收费')).toBeTruthy();
    expect(sent(calls, '/CrmCustomerProjectDealRecord/save')).toEqual([
      expect.objectContaining({ discountReason: '老客回馈', checkUserId: 2 }),
    ]);
  });

  it('shows who fixed steps go to and sends no approver', async () => {
    const calls = open([{ orderId: 9, number: '202611260001', status: 1, payable: 60_000, lines: [] }], undefined, {
      '/clinic/approval/flow': {
        enabled: true,
        chooseApprover: false,
        steps: [
          { stepType: 1, names: [] },
          { stepType: 2, names: ['王建国'] },
        ],
      },
    });
    fireEvent.click(await screen.findByLabelText('添加 光子嫩肤'));
    await screen.findByText('最低成交价 680.00');
    type('成交价 光子嫩肤', '600');
    expect((await screen.findByTestId('approval-steps')).textContent).toBe('审批流程：上级主管 → 王建国');
    fireEvent.change(screen.getByLabelText('折扣原因（有项目低于最低成交价，需审批）'), { target: { value: '老客' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await screen.findByText('已提交折扣审批，审批通过后到收银台收费');
    expect(sent(calls, '/CrmCustomerProjectDealRecord/save')[0]).not.toHaveProperty('checkUserId');
  });

  it('says up front that a disabled 折扣审批 will refuse the order', async () => {
    open([], undefined, { '/clinic/approval/flow': { enabled: false, chooseApprover: false, steps: [] } });
    fireEvent.click(await screen.findByLabelText('添加 光子嫩肤'));
    await screen.findByText('最低成交价 680.00');
    type('成交价 光子嫩肤', '600');
    expect((await screen.findByTestId('approval-disabled')).textContent).toContain('折扣审批流程未启用，请联系管理员');
  });
});
