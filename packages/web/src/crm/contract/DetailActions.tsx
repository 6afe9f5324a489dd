import { App, Button, Tag } from 'antd';
import { Link } from 'react-router';
import { usePermission } from '@/manager/use-permission';
import type { DetailContext } from '../types';
import { contractApi } from './api';
import { useContractMessages } from './messages';

/** The record's customer, linked (the viewer may still be refused it by its data scope). */
function CustomerLink({ record }: DetailContext) {
  const t = useContractMessages();
  return record.customerName ? (
    <Link to={`/crm/customer/${record.customerId}`} data-testid="record-customer">
      {t('customer')}：{String(record.customerName)}
    </Link>
  ) : null;
}

/**
 * A contract's own header actions beside the generic review (crm/form/ReviewActions.tsx): its
 * customer, the money received and outstanding, and 作废 for an approved contract with
 * crm:contract:discard.
 */
export function ContractActions(ctx: DetailContext) {
  const { id, record, access, refresh } = ctx;
  const t = useContractMessages();
  const can = usePermission();
  const { message, modal } = App.useApp();
  return (
    <>
      <CustomerLink {...ctx} />
      {record.receivedMoney !== undefined && (
        <Tag color="cyan" data-testid="received-money">
          {t('receivedMoney')} ¥{Number(record.receivedMoney ?? 0).toFixed(2)} · {t('unreceivedMoney')} ¥
          {Number(record.unreceivedMoney ?? 0).toFixed(2)}
        </Tag>
      )}
      {Number(record.checkStatus) === 1 && access.write && can('crm.contract.discard') && (
        <Button
          danger
          data-testid="contract-discard"
          onClick={() =>
            modal.confirm({
              title: t('discardConfirm'),
              onOk: async () => {
                await contractApi.discard([id]);
                message.success(t('done'));
                refresh();
              },
            })
          }
        >
          {t('discard')}
        </Button>
      )}
    </>
  );
}

/** A receivable's own header links beside the generic review: its customer and its contract. */
export function ReceivablesActions(ctx: DetailContext) {
  const t = useContractMessages();
  const { record } = ctx;
  return (
    <>
      <CustomerLink {...ctx} />
      {record.contractNum ? (
        <Link to={`/crm/contract/${record.contractId}`}>
          {t('contract')}：{String(record.contractNum)}
        </Link>
      ) : null}
    </>
  );
}
