import { checkStatusNames } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useLang } from '@/i18n';
import { call } from '@/shell/call';
import type { DetailContext } from '../types';
import { useReviewMessages } from './ReviewBlock';

const statusColor: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'blue' };

/** Approve 1, reject 2, withdraw 4 (crmAuditSchema). */
type Act = 1 | 2 | 4;

/**
 * The review in the detail header of any kind declaring `review` (crm-records 3–4): its
 * checkStatus as a tag; 通过 and 拒绝 for whoever the review waits for, 撤回 for the applicant
 * while it is under way (reject and withdraw ask for remarks, as the engine does). The review is
 * asked for by the declaration's `categoryType`; nothing here names a kind.
 */
export default function ReviewActions({ kind, id, record, refresh }: DetailContext) {
  const t = useReviewMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const categoryType = kind.descriptor.review?.categoryType;
  const review = useQuery({
    queryKey: ['crm', kind.prefix, 'review', id, record.updateTime],
    queryFn: () => call('/CrmExamineRecord/queryReview', { id, categoryType: categoryType! }),
    enabled: categoryType !== undefined,
  });
  const [acting, setActing] = useState<Act | null>(null);
  const [form] = Form.useForm<{ remarks: string }>();
  const status = Number(record.checkStatus);
  const names = checkStatusNames[status];

  const act = async () => {
    let remarks: string | undefined;
    try {
      ({ remarks } = await form.validateFields());
    } catch {
      // Remarks missing: the form says so under the field and the dialog stays.
      return;
    }
    await call('/CrmExamineRecord/auditExamine', { id, categoryType, status: acting!, remarks: remarks ?? '' });
    message.success(t('done'));
    setActing(null);
    form.resetFields();
    refresh();
    void review.refetch();
  };

  return (
    <>
      {names && (
        <Tag color={statusColor[status] ?? 'default'} data-testid="check-status">
          {lang === 'en' ? names[1] : names[0]}
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
