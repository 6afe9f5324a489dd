import { type ExpenseKind, formatYuan, leaveTypeName } from '@crm/shared';
import { Descriptions, Table } from 'antd';
import type { ReactNode } from 'react';
import type { ExamineDetail } from '../api';
import { ExpenseTotal } from './ExpenseTotal';
import { expenseLines } from './expense-lines';
import { useFormsMessages } from './messages';

type Model = Record<string, unknown>;
type Translate = ReturnType<typeof useFormsMessages>;
type Row = [label: string, value: ReactNode];

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const multiline = (v: unknown) => <span style={{ whiteSpace: 'pre-wrap' }}>{text(v)}</span>;

function Rows({ rows, testId }: { rows: Row[]; testId: string }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      className="df-display"
      data-testid={testId}
      items={rows.map(([label, children], i) => ({ key: String(i), label, children }))}
    />
  );
}

/** Each one-block type's fields, in the form's order. */
const blockRows: Record<string, (m: Model, d: ExamineDetail, t: Translate) => Row[]> = {
  general: (m, d, t) => [
    [t('content'), d.content],
    [t('detail'), multiline(m.detail)],
  ],
  leave: (m, d, t) => [
    [t('leaveType'), leaveTypeName(Number(m.leaveType))],
    [t('content'), d.content],
    [t('startDay'), text(m.startTime)],
    [t('endDay'), text(m.endTime)],
    [t('duration'), text(m.duration)],
    [t('handover'), text(m.handoverUserName)],
    [t('remark'), multiline(m.remark)],
  ],
  cardReplacement: (m, _d, t) => [
    [t('cardTime'), text(m.cardReplacementTime)],
    [t('cardMode'), m.cardReplacementMode === 'on' ? t('cardOn') : t('cardOff')],
    [t('cardReason'), multiline(m.detail)],
  ],
  problemCustomer: (m, d, t) => [
    [t('content'), d.content],
    [t('customer'), `${text(m.customerName)}${m.hasOldCustomer === true ? ` · ${t('oldCustomer')}` : ''}`],
    [t('phone'), text(m.phone)],
    [t('projectName'), text(m.projectName)],
    [t('projectTime'), text(m.projectTime)],
    [t('trackingSituation'), multiline(m.trackingSituation)],
  ],
  predict: (m, d, t) => [
    [t('content'), d.content],
    [t('predictMonth'), text(m.predictTime)],
    [t('predictTurnover'), formatYuan(Number(m.predictTurnover))],
  ],
  quit: (m, d, t) => [
    [t('deptName'), text(m.deptName)],
    [t('post'), text(m.post)],
    [t('entryTime'), text(m.entryTime)],
    [t('quitTime'), text(m.quitTime)],
    [t('quitCause'), multiline(m.quitCause)],
    [t('quitContent'), multiline(d.content)],
    [t('handover'), text(m.handoverUserName)],
  ],
  postAdjust: (m, _d, t) => [
    [t('adjustUser'), text(m.userName)],
    [t('idCard'), text(m.idCard)],
    [t('jobNumber'), text(m.jobNumber)],
    [t('entryTime'), text(m.entryTime)],
    [t('workingYears'), text(m.workingYears)],
    [t('oldDept'), text(m.oldDeptName)],
    [t('oldPost'), text(m.oldPost)],
    [t('adjustCause'), multiline(m.cause)],
    [t('newDept'), text(m.newDeptName)],
    [t('newPost'), text(m.newPost)],
    [t('leader'), text(m.leaderName)],
    [t('adjustTime'), text(m.adjustTime)],
  ],
  planningDemand: (m, _d, t) => [
    [t('planDept'), text(m.deptName)],
    [t('planName'), text(m.codeName)],
    [t('planCount'), text(m.count)],
    [t('planUse'), multiline(m.use)],
    [t('planContent'), multiline(m.content)],
  ],
  positive: (m, _d, t) => [
    [t('post'), text(m.post)],
    [t('entryTime'), text(m.entryTime)],
    [t('understand'), multiline(m.understand)],
    [t('summary'), multiline(m.summary)],
    [t('proposal'), multiline(m.proposal)],
  ],
};

/** A one-block type's read-only view (drawer and print sheet). */
export function BlockDetail({ detail }: { detail: ExamineDetail }) {
  const t = useFormsMessages();
  const rows = blockRows[detail.categoryType]?.((detail.model ?? {}) as Model, detail, t) ?? [];
  return <Rows rows={rows} testId={`detail-${detail.categoryType}`} />;
}

/** An expense type's lines in its layout, with the total in yuan and capital numerals. */
export function ExpenseDetail({ detail }: { detail: ExamineDetail }) {
  const t = useFormsMessages();
  const kind = detail.categoryType as ExpenseKind;
  const lines = (Array.isArray(detail.model) ? detail.model : []) as Model[];
  return (
    <div data-testid={`detail-${kind}`}>
      <Rows rows={[[t('content'), detail.content]]} testId="detail-content" />
      <Table<Model>
        size="small"
        bordered
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={lines}
        className="exm-detail__lines"
        columns={expenseLines[kind].map((f) => ({
          key: f.key,
          title: t(f.label),
          dataIndex: f.key,
          align: f.widget === 'money' ? 'right' : undefined,
          render: (v: unknown) => (f.widget === 'money' ? formatYuan(Number(v)) : text(v)),
        }))}
      />
      <ExpenseTotal lines={lines} />
    </div>
  );
}
