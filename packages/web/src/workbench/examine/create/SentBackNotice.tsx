import { Alert } from 'antd';
import { defineMessages } from '@/i18n';
import { showTime } from '@/shell/time';
import type { ExamineDetail } from '../api';

const useMessages = defineMessages({
  zh: {
    rejected: '{name} 于 {time} 拒绝了这条审批',
    returned: '{name} 于 {time} 将这条审批退回给你修改',
    reason: '理由：{remarks}',
    someone: '审批人',
  },
  en: {
    rejected: '{name} rejected this approval on {time}',
    returned: '{name} returned this approval to you for changes on {time}',
    reason: 'Reason: {remarks}',
    someone: 'An approver',
  },
});

/** The rejection or return that sent an approval back to its applicant: the last one of the round. */
export function sentBackBy(detail: Pick<ExamineDetail, 'status' | 'round' | 'history'>) {
  if (detail.status !== 2 && detail.status !== 5) return null;
  const kind = detail.status === 2 ? 'reject' : 'return';
  return [...detail.history].reverse().find((h) => h.round === detail.round && h.kind === kind) ?? null;
}

/** When an applicant edits a rejected or returned approval: who sent it back, when, and why. */
export function SentBackNotice({ detail }: { detail: ExamineDetail }) {
  const t = useMessages();
  const entry = sentBackBy(detail);
  if (!entry) return null;
  const vars = {
    name: entry.user?.realname ?? t('someone'),
    time: entry.time ? showTime(entry.time) : '',
  };
  return (
    <Alert
      type={detail.status === 2 ? 'error' : 'warning'}
      showIcon
      className="exm-create__sent-back"
      data-testid="sent-back-notice"
      message={detail.status === 2 ? t('rejected', vars) : t('returned', vars)}
      description={entry.remarks ? t('reason', { remarks: entry.remarks }) : undefined}
    />
  );
}
