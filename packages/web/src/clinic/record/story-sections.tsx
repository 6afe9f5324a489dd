import { fenToYuan, type VisitDetail } from '@crm/shared';
import { Empty, Table, Tag, Timeline } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useCodeNames } from '@/booking/pickers';
import { useMoneyNames } from '@/clinic/money-names';
import { showTime } from '@/shell/time';
import { useRecordMessages } from './messages';

const CustomerPhotos = lazy(() =>
  import('@/workflow/photograph/CustomerPhotos').then((m) => ({ default: m.CustomerPhotos })),
);

/** A section of one visit's story: its title key and what it shows of the visit's answer. */
export type StorySection = {
  key: string;
  title: (t: ReturnType<typeof useRecordMessages>) => string;
  Body: (props: { story: VisitDetail }) => ReactNode;
};

function Events({ story }: { story: VisitDetail }) {
  const t = useRecordMessages();
  const names = useCodeNames();
  return (
    <Timeline
      data-testid="story-timeline"
      items={story.events.map((e, i) => ({
        key: i,
        content: (
          <div data-testid="story-event">
            <strong>{e.fromStatus === null ? t('arrivedEvent') : names.visitStatus[e.toStatus]}</strong>{' '}
            <span className="record-muted">
              {showTime(e.time)} · {t('by')} {e.userName ?? '—'}
            </span>
          </div>
        ),
      }))}
    />
  );
}

function Notes({ story }: { story: VisitDetail }) {
  const t = useRecordMessages();
  if (story.notes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotes')} />;
  return (
    <div data-testid="story-notes">
      {story.notes.map((n) => (
        <div key={n.noteId} className="record-entry">
          <Tag>{t(`note_${n.kind}` as 'note_1')}</Tag> {n.content}
          <div className="record-muted">
            {n.userName ?? '—'} · {showTime(n.time)}
          </div>
        </div>
      ))}
    </div>
  );
}

type Order = VisitDetail['orders'][number];

function Orders({ story }: { story: VisitDetail }) {
  const t = useRecordMessages();
  const moneyNames = useMoneyNames();
  return (
    <Table<Order>
      size="small"
      rowKey="orderId"
      data-testid="story-orders"
      pagination={false}
      dataSource={story.orders}
      locale={{ emptyText: t('noOrders') }}
      columns={[
        {
          title: t('orders'),
          key: 'number',
          width: 190,
          render: (_: unknown, o) => (
            <div>
              <div>{o.number}</div>
              <div className="record-muted">
                {moneyNames.orderKind[o.kind]} · {moneyNames.orderStatus[o.status]}
              </div>
            </div>
          ),
        },
        {
          title: t('project'),
          key: 'lines',
          render: (_: unknown, o) =>
            o.lines.map((l) => (
              <div key={l.lineId}>
                {l.name} ×{l.quantity}（{l.sessions}
                {t('sessions')}）¥{fenToYuan(l.dealPrice)}
              </div>
            )),
        },
        { title: t('payable'), dataIndex: 'payable', width: 100, align: 'right', render: fenToYuan },
        {
          title: t('payments'),
          key: 'payments',
          width: 220,
          render: (_: unknown, o) => (
            <div>
              {o.payments.map((p) => (
                <div key={p.method}>
                  {moneyNames.payMethod[p.method] ?? p.method} ¥{fenToYuan(p.amount)}
                </div>
              ))}
              {o.arrears > 0 && (
                <div className="record-muted">
                  {t('arrears')} ¥{fenToYuan(o.arrears)}
                </div>
              )}
            </div>
          ),
        },
        {
          title: t('time'),
          key: 'time',
          width: 150,
          render: (_: unknown, o) => showTime(o.chargedTime ?? o.createTime),
        },
      ]}
    />
  );
}

type Treatment = VisitDetail['treatments'][number];

export function TreatmentTable({ rows, empty }: { rows: Treatment[]; empty: string }) {
  const t = useRecordMessages();
  return (
    <Table<Treatment>
      size="small"
      rowKey="treatmentId"
      data-testid="treatments"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: empty }}
      columns={[
        {
          title: t('project'),
          key: 'project',
          render: (_: unknown, r) => (
            <div>
              {r.projectName} {r.status === 2 && <Tag>{t('undone')}</Tag>}
              <div className="record-muted">{r.deptName ?? ''}</div>
            </div>
          ),
        },
        { title: t('sessions'), dataIndex: 'sessions', width: 70, align: 'right' },
        { title: t('value'), dataIndex: 'value', width: 100, align: 'right', render: fenToYuan },
        { title: t('staff'), dataIndex: 'staff', width: 220 },
        { title: t('time'), dataIndex: 'time', width: 150, render: (v: string) => showTime(v) },
      ]}
    />
  );
}

function FollowUps({ story }: { story: VisitDetail }) {
  const t = useRecordMessages();
  if (story.followUps.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFollowUps')} />;
  return (
    <div data-testid="story-follow-ups">
      {story.followUps.map((f) => (
        <div key={f.followId} className="record-entry">
          <Tag>{f.category}</Tag> {f.content}
          <div className="record-muted">
            {f.userName ?? '—'} · {showTime(f.time)}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The story's sections in order. */
export const storySections: StorySection[] = [
  { key: 'timeline', title: (t) => t('timeline'), Body: Events },
  { key: 'notes', title: (t) => t('notes'), Body: Notes },
  { key: 'orders', title: (t) => t('orders'), Body: Orders },
  {
    key: 'treatments',
    title: (t) => t('treatments'),
    Body: ({ story }) => <TreatmentRows story={story} />,
  },
  // The photograph room's photos taken in this visit (h-photo; the server checks the customer's scope).
  {
    key: 'photos',
    title: (t) => t('photos'),
    Body: ({ story }) => (
      <Suspense fallback={null}>
        <CustomerPhotos
          customerId={story.visit.customerId}
          customerName={story.visit.customerName}
          visitId={story.visit.visitId}
        />
      </Suspense>
    ),
  },
  { key: 'followUps', title: (t) => t('followUps'), Body: FollowUps },
];

function TreatmentRows({ story }: { story: VisitDetail }) {
  const t = useRecordMessages();
  return <TreatmentTable rows={story.treatments} empty={t('noTreatments')} />;
}
