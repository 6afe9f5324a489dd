import { Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DynamicDisplay } from '@/components/dynamic-form';
import { UserAvatar } from '@/components/member-picker';
import { FileUploadList } from '@/components/upload';
import { showTime } from '@/shell/time';
import type { ExamineDetail } from '../api';
import { CategoryIcon } from '../category-icon';
import { dedicatedForm } from '../forms/registry';
import { StatusTag } from '../StatusTag';
import { Comments } from './Comments';
import { FlowTimeline } from './FlowTimeline';
import { HistoryList } from './HistoryList';
import { useDetailMessages } from './messages';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="exm-detail__section">
      <h3 className="exm-detail__title">{title}</h3>
      {children}
    </section>
  );
}

export function DetailHeader({ detail }: { detail: ExamineDetail }) {
  const t = useDetailMessages();
  const u = detail.createUser;
  return (
    <div className="exm-detail__header" data-testid="detail-header">
      <CategoryIcon icon={detail.icon} title={detail.categoryTitle} size={44} />
      <div className="exm-detail__heading">
        <Space size={8} wrap>
          <span className="exm-detail__name">
            {u?.realname}
            {detail.categoryTitle ? ` · ${detail.categoryTitle}` : ''}
          </span>
          <StatusTag status={detail.status} />
        </Space>
        <Space size={12} wrap className="exm-detail__meta">
          <span>
            <UserAvatar name={u?.realname ?? ''} img={u?.img} size={18} /> {u?.realname}
            {u?.deptName ? ` · ${u.deptName}` : ''}
          </span>
          <span>{t('submittedAt', { time: showTime(detail.submitTime) })}</span>
          <span>{t('number', { id: detail.examineId })}</span>
        </Space>
      </div>
    </div>
  );
}

/** The form's values: a dedicated type's own view (forms/registry.tsx), or a custom category's fields. */
export function FormValues({ detail }: { detail: ExamineDetail }) {
  const dedicated = dedicatedForm(detail.categoryType);
  if (dedicated) return <dedicated.Detail detail={detail} />;
  return <DynamicDisplay fields={detail.fields} values={detail.values} />;
}

export function DetailBody({ detail, onChanged }: { detail: ExamineDetail; onChanged: () => void }) {
  const t = useDetailMessages();
  return (
    <div className="exm-detail">
      <DetailHeader detail={detail} />
      <Section title={t('formSection')}>
        <FormValues detail={detail} />
        {detail.batchId && (
          <div className="exm-detail__files">
            <Typography.Text type="secondary">
              {dedicatedForm(detail.categoryType)?.def.images ? t('images') : t('attachments')}
            </Typography.Text>
            <FileUploadList batchId={detail.batchId} readOnly />
          </div>
        )}
      </Section>
      <Section title={t('flowSection')}>
        <FlowTimeline detail={detail} />
      </Section>
      <Section title={t('ccSection')}>
        {detail.ccUsers.length === 0 ? (
          <Typography.Text type="secondary">{t('noCc')}</Typography.Text>
        ) : (
          <Space size={[8, 8]} wrap data-testid="cc-users">
            {detail.ccUsers.map((u) => (
              <Tag key={u.userId} className="exm-cc" color={u.read ? undefined : 'blue'}>
                <UserAvatar name={u.realname} img={u.img} size={18} /> {u.realname}
                <span className="exm-cc__state">{u.read ? t('ccRead') : t('ccUnread')}</span>
              </Tag>
            ))}
          </Space>
        )}
      </Section>
      <Section title={t('commentsSection')}>
        <Comments detail={detail} onAdded={onChanged} />
      </Section>
      <Section title={t('historySection')}>
        <HistoryList history={detail.history} round={detail.round} />
      </Section>
    </div>
  );
}
