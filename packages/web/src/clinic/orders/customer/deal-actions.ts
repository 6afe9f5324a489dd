import type { Input } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { defineMessages } from '@/i18n';
import { call } from '@/shell/call';
import { orderKeys } from '../api';

/** The 成交项目 row's 转换 and 返修 (docs/clinic-money.md "Conversions, repairs…"). Amounts go as yuan text. */
type ConvertBody = Input<'/CrmCustomerProjectDealRecord/dealProjectConvert'>;
type RepairBody = Input<'/CrmCustomerProjectDealRecord/repair'>;

export const dealActionsApi = {
  targets: (dealId: number) => call('/CrmCustomerProjectDealRecord/findConvertByProjectId', { dealId }),
  convert: (body: ConvertBody) => call('/CrmCustomerProjectDealRecord/dealProjectConvert', body, { json: true }),
  repair: (body: RepairBody) => call('/CrmCustomerProjectDealRecord/repair', body, { json: true }),
};

export const useDealActionMessages = defineMessages({
  zh: {
    convert: '转换',
    convertTitle: '转换项目：{name}',
    convertFree: '可转换 {sessions} 次，价值 {value} 元（其中现金和本金 {paid} 元）',
    target: '转换为',
    targetRequired: '请选择要转换的项目',
    sessions: '转换次数',
    quantity: '数量',
    targetValue: '目标项目金额',
    toPay: '需补差价 {yuan} 元：将生成待收费订单，收银后完成转换',
    toPrincipal: '差额 {yuan} 元退回本金余额',
    forfeited: '{yuan} 元为赠金或未收款，不退回',
    even: '价值相等，无需补差价',
    noTargets: '该转换类别中没有可转换的项目',
    converted: '转换完成',
    pending: '已生成补差价订单 {number}，请到收银台收费',
    repair: '返修',
    repairTitle: '返修：{name}',
    repairSessions: '返修次数',
    repairPrice: '返修价格（元，0 为免费）',
    reason: '返修原因',
    reasonRequired: '请填写返修原因',
    repaired: '返修项目已生成',
    repairOrder: '已生成返修订单 {number}，请到收银台收费',
    ok: '确定',
    cancel: '取消',
  },
  en: {
    convert: 'Convert',
    convertTitle: 'Convert: {name}',
    convertFree: '{sessions} sessions can convert, worth {value} (cash and principal {paid})',
    target: 'Into',
    targetRequired: 'Choose the project to convert into',
    sessions: 'Sessions',
    quantity: 'Quantity',
    targetValue: 'Target amount',
    toPay: 'Difference to pay {yuan}: an unpaid order is opened; the conversion completes when charged',
    toPrincipal: 'Difference {yuan} goes back to principal balance',
    forfeited: '{yuan} was gift money or never received and does not come back',
    even: 'Same value, nothing to pay',
    noTargets: 'No project of this conversion class to convert into',
    converted: 'Converted',
    pending: 'Order {number} opened for the difference: charge it at the cashier',
    repair: 'Repair',
    repairTitle: 'Repair: {name}',
    repairSessions: 'Sessions',
    repairPrice: 'Price (yuan, 0 is free)',
    reason: 'Reason',
    reasonRequired: 'Enter the reason for the repair',
    repaired: 'Repair deal created',
    repairOrder: 'Repair order {number} opened: charge it at the cashier',
    ok: 'OK',
    cancel: 'Cancel',
  },
});

/**
 * A deal action dialog's submit: one batch id for the dialog (a double click or a retry is the same
 * request), busy while sending, the success toast, the customer's orders and deals refreshed, closed.
 * A refusal was shown by the request layer; the dialog stays open.
 */
export function useDealActionSubmit(onClose: () => void) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const batchId = useRef(newBatchId());
  const [busy, setBusy] = useState(false);
  const send = async <T>(request: (batchId: string) => Promise<T>, success: (answer: T) => string) => {
    setBusy(true);
    try {
      const answer = await request(batchId.current);
      message.success(success(answer));
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      onClose();
    } catch {
      // the request layer showed the server's message; the same batch id makes a retry harmless
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}
