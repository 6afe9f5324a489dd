import type { DiscountDetail, RefundDetail } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Result, Skeleton, Space, Steps, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { StatusTag } from '../StatusTag';
import { type ClinicRow, clinicApi, clinicKeys } from './api';
import { DecideDialog } from './DecideDialog';
import { useClinicExamineMessages } from './messages';
import { DiscountBody, RefundBody } from './SubjectBody';

type Subject = { kind: 'discount'; d: DiscountDetail } | { kind: 'refund'; d: RefundDetail };

/** What the engine's original-shaped step statuses mean to the reader (1 passed, 2 rejected, 3 current). */
const stepStatus = (s: number) => (s === 1 ? 'finish' : s === 2 ? 'error' : s === 3 ? 'process' : 'wait');

/**
 * One clinic approval: the order's lines against their floors or the refund, the flow's steps and
 * its log, and 同意 / 拒绝 when it waits for the viewer. The approver reads this one approval
 * because the flow names them (docs/decisions.md), not through the customer's data scope.
 */
export function ClinicDetailDrawer({ row, onClose }: { row: ClinicRow | null; onClose: () => void }) {
  const t = useClinicExamineMessages();
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<1 | 2 | null>(null);
  const subject = useQuery({
    queryKey: clinicKeys.detail(row ?? { subjectType: 'clinic_discount', subjectId: 0 }),
    queryFn: (): Promise<Subject> =>
      row!.subjectType === 'clinic_discount'
        ? clinicApi.discount(row!.subjectId).then((d) => ({ kind: 'discount' as const, d }))
        : clinicApi.refund(row!.subjectId).then((d) => ({ kind: 'refund' as const, d })),
    enabled: row !== null,
    retry: false,
  });
  const flow = useQuery({
    queryKey: clinicKeys.flow(row?.recordId ?? 0),
    queryFn: () => Promise.all([clinicApi.flow(row!.recordId), clinicApi.log(row!.recordId)]),
    enabled: row !== null,
    retry: false,
  });
  const canAudit = subject.data?.d.canAudit ?? false;
  const decided = () => {
    setDeciding(null);
    void queryClient.invalidateQueries({ queryKey: ['examine'] });
    void queryClient.invalidateQueries({ queryKey: ['todo'] });
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size="large"
      title={row ? `${row.categoryTitle} · ${row.customerName}` : ''}
      extra={
        canAudit && (
          <Space>
            <Button onClick={() => setDeciding(2)} danger>
              {t('reject')}
            </Button>
            <Button type="primary" onClick={() => setDeciding(1)}>
              {t('approve')}
            </Button>
          </Space>
        )
      }
    >
      {subject.isError ? (
        <Result status="warning" title={t('missing')} subTitle={(subject.error as Error).message} />
      ) : !subject.data || !row ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('applicant')}>{row.applicantName}</Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <StatusTag status={row.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('submitTime')}>{showTime(row.submitTime)}</Descriptions.Item>
          </Descriptions>
          {subject.data.kind === 'discount' ? <DiscountBody d={subject.data.d} /> : <RefundBody d={subject.data.d} />}
          {flow.data && (
            <>
              <Typography.Title level={5}>{t('flow')}</Typography.Title>
              <Steps
                size="small"
                orientation="vertical"
                items={flow.data[0].steps.map((s) => ({
                  status: stepStatus(s.examineStatus),
                  title: (s.userList.length ? s.userList : s.examinUser ? [s.examinUser] : [])
                    .map((u) => u.realname)
                    .join('、'),
                }))}
              />
              <Typography.Title level={5}>{t('log')}</Typography.Title>
              <Timeline
                items={flow.data[1].map((l) => ({
                  content: (
                    <span data-testid="clinic-log">
                      {l.realname} {logWords.has(l.examineStatus) ? t(`log${l.examineStatus}` as 'log1') : ''}{' '}
                      {l.remarks && `：${l.remarks}`}{' '}
                      <Typography.Text type="secondary">{showTime(l.examineTime)}</Typography.Text>
                    </span>
                  ),
                }))}
              />
            </>
          )}
        </>
      )}
      {row && deciding && (
        <DecideDialog recordId={row.recordId} status={deciding} onDone={decided} onCancel={() => setDeciding(null)} />
      )}
    </Drawer>
  );
}

/** The original log's statuses (original-flow.ts): 5 submitted, 1 approved, 2 rejected, 4 withdrawn. */
const logWords = new Set([1, 2, 3, 4, 5]);
