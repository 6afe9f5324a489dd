import { type NurseDeal, type NurseTreatment, showFen, TreatmentStatus } from '@crm/shared';
import { App, Button, Table, Tag, Typography } from 'antd';
import { showTime } from '@/shell/time';
// 顾客评价 (issue 25, h-coupons).
import { ReviewLinkButton } from '@/workbench/evaluate/ReviewLinkButton';
import { nurseApi } from './api';
import { useNurseMessages } from './messages';

/**
 * One customer's deals with sessions left (划扣 opens the dialog) and today's 划扣 (撤销 while not
 * undone; the server refuses an earlier day's without 撤销往日划扣).
 */
export function CustomerSessions({
  customerName,
  deals,
  treatments,
  onVerify,
  onChanged,
}: {
  customerName: string;
  deals: NurseDeal[];
  treatments: NurseTreatment[];
  onVerify: (deal: NurseDeal) => void;
  onChanged: () => void;
}) {
  const t = useNurseMessages();
  const { message, modal } = App.useApp();
  const dealColumns = [
    { title: t('project'), dataIndex: 'name', key: 'name' },
    {
      title: t('sessions'),
      key: 'sessions',
      render: (_: unknown, d: NurseDeal) => (
        <span>
          {t('sessionsLine', { bought: d.sessionsBought, used: d.sessionsUsed, left: d.sessionsLeft })}
          {d.sessionsHeld > 0 && t('held', { n: d.sessionsHeld })}
        </span>
      ),
    },
    { title: t('sessionValue'), key: 'value', render: (_: unknown, d: NurseDeal) => showFen(d.sessionValue) },
    { title: t('dept'), dataIndex: 'deptName', key: 'dept' },
    {
      title: t('expires'),
      key: 'expires',
      render: (_: unknown, d: NurseDeal) => d.expiresOn ?? t('never'),
    },
    {
      title: t('actions'),
      key: 'actions',
      render: (_: unknown, d: NurseDeal) => (
        <Button size="small" type="primary" onClick={() => onVerify(d)}>
          {t('verify')}
        </Button>
      ),
    },
  ];
  const treatmentColumns = [
    { title: t('project'), dataIndex: 'name', key: 'name' },
    { title: t('sessions'), dataIndex: 'sessions', key: 'sessions' },
    { title: t('value'), key: 'value', render: (_: unknown, r: NurseTreatment) => showFen(r.value) },
    { title: t('staff'), dataIndex: 'staff', key: 'staff' },
    { title: t('time'), key: 'time', render: (_: unknown, r: NurseTreatment) => showTime(r.createTime, 'HH:mm') },
    {
      title: t('actions'),
      key: 'actions',
      render: (_: unknown, r: NurseTreatment) =>
        r.status === TreatmentStatus.undone ? (
          <Tag>{t('undone')}</Tag>
        ) : (
          <>
            {/* 顾客评价 (issue 25, h-coupons): the review link to hand to the customer. */}
            <ReviewLinkButton treatmentId={r.treatmentId} />
            <Button
              size="small"
              type="link"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('undoAsk', { name: r.name, n: r.sessions }),
                  okText: t('undo'),
                  cancelText: t('close'),
                  onOk: async () => {
                    await nurseApi.undo(r.treatmentId);
                    message.success(t('undoDone'));
                    onChanged();
                  },
                })
              }
            >
              {t('undo')}
            </Button>
          </>
        ),
    },
  ];
  return (
    <section aria-label={customerName}>
      <Typography.Text strong>{t('deals')}</Typography.Text>
      <Table
        rowKey="dealId"
        size="small"
        dataSource={deals}
        columns={dealColumns}
        pagination={false}
        locale={{ emptyText: t('noDeals') }}
      />
      {treatments.length > 0 && (
        <>
          <Typography.Text strong>{t('treatments')}</Typography.Text>
          <Table
            rowKey="treatmentId"
            size="small"
            dataSource={treatments}
            columns={treatmentColumns}
            pagination={false}
          />
        </>
      )}
    </section>
  );
}
