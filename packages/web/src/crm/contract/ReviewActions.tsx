import { checkStatusNames } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLang } from '@/i18n';
import { usePermission } from '@/manager/use-permission';
import type { DetailContext } from '../types';
import { contractApi, type ReviewType, reviewTypeOf } from './api';
import { useContractMessages } from './messages';

const statusColor: Record<number, string> = {
  0: 'gold',
  1: 'green',
  2: 'red',
  3: 'blue',
  4: 'default',
  5: 'default',
  6: 'default',
};

/**
 * The review in a contract's or receivable's detail header: its checkStatus as a tag; 通过 and
 * 拒绝 for whoever the review waits for, 撤回 for the applicant while it is under way (both ask
 * for remarks where the engine needs them), and 作废 for an approved contract with
 * crm:contract:discard.
 */
export default function ReviewActions({ kind, id, record, access, refresh }: DetailContext) {
  const t = useContractMessages();
  const { lang } = useLang();
  const can = usePermission();
  const { message, modal } = App.useApp();
  const type: ReviewType = reviewTypeOf(kind.descriptor);
  const review = useQuery({
    queryKey: ['contractTabs', 'review', type, id, record.updateTime],
    queryFn: () => contractApi.review(id, type),
  });
  const [acting, setActing] = useState<1 | 2 | 4 | null>(null);
  const [form] = Form.useForm<{ remarks: string }>();
  const status = Number(record.checkStatus);
  const names = checkStatusNames[status];

  const act = async () => {
    const { remarks } = await form.validateFields();
    await contractApi.audit({ id, categoryType: type, status: acting!, remarks: remarks ?? '' });
    message.success(t('done'));
    setActing(null);
    form.resetFields();
    refresh();
    void review.refetch();
  };

  return (
    <>
      {record.customerName ? (
        <Link to={`/crm/customer/${record.customerId}`} data-testid="record-customer">
          {t('customer')}：{String(record.customerName)}
        </Link>
      ) : null}
      {type === 2 && record.contractNum ? (
        <Link to={`/crm/contract/${record.contractId}`}>
          {t('contract')}：{String(record.contractNum)}
        </Link>
      ) : null}
      {names && (
        <Tag color={statusColor[status]} data-testid="check-status">
          {lang === 'en' ? names[1] : names[0]}
        </Tag>
      )}
      {type === 1 && record.receivedMoney !== undefined && (
        <Tag color="cyan" data-testid="received-money">
          {t('receivedMoney')} ¥{Number(record.receivedMoney ?? 0).toFixed(2)} · {t('unreceivedMoney')} ¥
          {Number(record.unreceivedMoney ?? 0).toFixed(2)}
        </Tag>
      )}
      {review.data?.canAudit && (
        <>
          <Button type="primary" onClick={() => setActing(1)} data-testid="review-approve">
            {t('approve')}
          </Button>
          <Button danger onClick={() => setActing(2)} data-testid="review-reject">
            {t('reject')}
          </Button>
        </>
      )}
      {review.data?.canWithdraw && (
        <Button onClick={() => setActing(4)} data-testid="review-withdraw">
          {t('withdraw')}
        </Button>
      )}
      {type === 1 && status === 1 && access.write && can('crm.contract.discard') && (
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
      <Modal
        open={acting !== null}
        title={acting === 1 ? t('approve') : acting === 2 ? t('reject') : t('withdraw')}
        okText={t('confirm')}
        onOk={act}
        onCancel={() => setActing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="remarks"
            label={t('remarks')}
            rules={acting === 1 ? [] : [{ required: true, whitespace: true, message: t('remarksRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} data-testid="review-remarks" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
