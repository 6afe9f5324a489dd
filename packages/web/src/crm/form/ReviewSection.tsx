import { Form, Typography } from 'antd';
import { MemberSelect } from '@/components/member-picker';
import { APPROVER_FIELD, type ReviewFlowQuery, useReviewMessages } from './ReviewBlock';

/** 审核信息: the fixed flow's steps, the chosen flow's approver, or that no flow is enabled. */
export default function ReviewSection({ flow }: { flow: ReviewFlowQuery }) {
  const t = useReviewMessages();
  return (
    <>
      <Typography.Title level={5}>{t('reviewInfo')}</Typography.Title>
      {flow.isError ? (
        <Typography.Text type="warning">{t('noFlow')}</Typography.Text>
      ) : flow.data?.examineType === 1 ? (
        <div data-testid="review-fixed">
          <Typography.Text strong>{t('fixedFlow')}</Typography.Text>
          <ol>
            {flow.data.examineSteps.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; their order is their identity.
              <li key={i}>{s.userList.map((u) => u.realname).join('、') || '—'}</li>
            ))}
          </ol>
        </div>
      ) : flow.data ? (
        <div data-testid="review-chosen">
          <Typography.Paragraph strong>{t('chosenFlow')}</Typography.Paragraph>
          <Form.Item name={APPROVER_FIELD} label={t('approver')}>
            <MemberSelect single />
          </Form.Item>
        </div>
      ) : null}
    </>
  );
}
