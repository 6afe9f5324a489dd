import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Input, Select, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { type DeclDeptCount, type DeclFormRow, type DeclTaskRow, declApi, declKeys } from './api';
import { useDeclMessages } from './messages';
import { SubmissionModal } from './SubmissionModal';
import { StatusTag } from './status';

const LIMIT = 10;

/** A task's statistics (totals and per department) and its submissions, filtered and exported. */
export function SubmissionsDrawer({
  task,
  onClose,
  initialStatus,
}: {
  task: DeclTaskRow;
  onClose: () => void;
  initialStatus?: number;
}) {
  const t = useDeclMessages();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<number | undefined>(initialStatus);
  const [deptId, setDeptId] = useState<number | undefined>();
  const [open, setOpen] = useState<number | null>(null);
  const p = { page, limit: LIMIT, search, status, deptId };
  const stats = useQuery({ queryKey: declKeys.stats(task.taskId), queryFn: () => declApi.stats(task.taskId) });
  const detail = useQuery({ queryKey: declKeys.task(task.taskId), queryFn: () => declApi.task(task.taskId) });
  const forms = useQuery({ queryKey: declKeys.forms(task.taskId, p), queryFn: () => declApi.forms(task.taskId, p) });
  const s = stats.data;
  const counts: [string, number | undefined][] = [
    [t('assigned'), s?.assigned],
    [t('submittedCount'), s?.submitted],
    [t('waiting'), s?.waiting],
    [t('approved'), s?.approved],
    [t('rejected'), s?.rejected],
    [t('overdueCount'), s?.overdue],
  ];
  return (
    <Drawer open rootClassName="decl-drawer" size={960} title={task.title} onClose={onClose} destroyOnHidden>
      <Typography.Title level={5}>{t('statsTitle')}</Typography.Title>
      <div className="decl-stats" data-testid="decl-stats">
        {counts.map(([label, n]) => (
          <Statistic key={label} title={label} value={n ?? 0} />
        ))}
      </div>
      <Table<DeclDeptCount>
        rowKey="deptId"
        size="small"
        pagination={false}
        dataSource={s?.depts ?? []}
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('dept'), key: 'dept', render: (_, d) => d.deptName },
          { title: t('assigned'), dataIndex: 'assigned', width: 70 },
          { title: t('submittedCount'), dataIndex: 'submitted', width: 70 },
          { title: t('approved'), dataIndex: 'approved', width: 70 },
          { title: t('rejected'), dataIndex: 'rejected', width: 70 },
          { title: t('overdueCount'), dataIndex: 'overdue', width: 90 },
        ]}
      />
      <div className="decl-toolbar">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <Select
            allowClear
            placeholder={t('allStatus')}
            style={{ width: 130 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={[1, 2, 3].map((v) => ({ value: v, label: t(`status${v}` as 'status1') }))}
            data-testid="decl-status-filter"
          />
          <Select
            allowClear
            placeholder={t('allDepts')}
            style={{ width: 150 }}
            value={deptId}
            onChange={(v) => {
              setDeptId(v);
              setPage(1);
            }}
            options={(s?.depts ?? []).map((d) => ({ value: d.deptId, label: d.deptName }))}
          />
          <Input.Search
            allowClear
            placeholder={t('searchName')}
            style={{ width: 180 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
          />
        </div>
        <Button
          onClick={() => declApi.exportForms(task.taskId, task.title, { status, deptId })}
          data-testid="decl-export"
        >
          {t('export')}
        </Button>
      </div>
      <Table<DeclFormRow>
        rowKey="submissionId"
        size="middle"
        loading={forms.isFetching}
        dataSource={forms.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: LIMIT,
          total: forms.data?.totalRow ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('name'),
            key: 'name',
            render: (_, r) => (
              <div className="decl-cell">
                <span>{r.realname}</span>
                <Typography.Text type="secondary">{r.deptName}</Typography.Text>
              </div>
            ),
          },
          {
            title: t('submitTime'),
            key: 'time',
            width: 190,
            render: (_, r) => (
              <div className="decl-cell">
                <span>
                  <StatusTag status={r.status} />
                </span>
                <Typography.Text type="secondary">{showTime(r.submitTime)}</Typography.Text>
              </div>
            ),
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 150,
            render: (_, r) => (
              <div className="decl-cell">
                <Button
                  type="link"
                  size="small"
                  onClick={() => setOpen(r.submissionId)}
                  data-testid={`decl-form-${r.realname}`}
                >
                  {r.status === 1 ? t('audit') : t('view')}
                </Button>
                {r.corrections > 0 && (
                  <Typography.Text type="secondary">{t('corrections', { n: r.corrections })}</Typography.Text>
                )}
              </div>
            ),
          },
        ]}
      />
      {open !== null && detail.data && (
        <SubmissionModal submissionId={open} fields={detail.data.fields} onClose={() => setOpen(null)} />
      )}
    </Drawer>
  );
}
