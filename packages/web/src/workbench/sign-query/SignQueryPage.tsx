import { authHas } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSession } from '@/shell/session';
import { companyToday } from '@/shell/time';
import { DeptPicker } from '@/workbench/check/pickers';
import { type SignDayRow, type SignFilter, type SignSummaryRow, signApi, signKeys } from './api';
import { MyLink } from './MyLink';
import { type SignQueryT, useSignQueryMessages } from './messages';
import './sign-query.css';

const statusColor: Record<string, string> = {
  normal: 'green',
  late: 'orange',
  early: 'gold',
  missing: 'red',
  field: 'blue',
};

function Statuses({ t, row }: { t: SignQueryT; row: SignDayRow }) {
  if (!row.statuses.length)
    return row.workday ? null : <Typography.Text type="secondary">{t('dayOff')}</Typography.Text>;
  return (
    <>
      {row.statuses.map((s) => (
        <Tag key={s} color={statusColor[s]}>
          {t(s)}
        </Tag>
      ))}
    </>
  );
}

/** /workbench/signQuery (spec 2.3): one's own sign-in QR code, and the statistics for who may read them. */
export default function SignQueryPage() {
  const t = useSignQueryMessages();
  const { auth } = useSession();
  const can = (path: string) => authHas(auth, path);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <MyLink t={t} />
      {can('oa.signIn.read') ? <Statistics t={t} /> : <Alert type="info" title={t('noAccess')} />}
    </Space>
  );
}

function Statistics({ t }: { t: SignQueryT }) {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<SignFilter>({ month: companyToday().format('YYYY-MM') });
  const [exporting, setExporting] = useState(false);
  const q = useQuery({ queryKey: signKeys.month(filter), queryFn: () => signApi.month(filter) });
  const people = q.data?.people ?? [];
  const exportSheet = async () => {
    setExporting(true);
    try {
      await signApi.exportMonth(filter);
    } catch (err) {
      // A download answers bytes, not the request layer's toast: show the refusal here.
      message.error(err instanceof Error && err.message ? err.message : t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker
          picker="month"
          aria-label={t('month')}
          allowClear={false}
          value={dayjs(`${filter.month}-01`)}
          onChange={(d) => d && setFilter({ ...filter, month: d.format('YYYY-MM') })}
        />
        <div className="sign-query-dept">
          <DeptPicker
            label={t('dept')}
            value={filter.deptId ?? null}
            onChange={(deptId) => setFilter({ ...filter, deptId: deptId ?? undefined, userId: undefined })}
          />
        </div>
        <Select
          aria-label={t('person')}
          placeholder={t('person')}
          allowClear
          style={{ width: 160 }}
          value={filter.userId}
          onChange={(userId) => setFilter({ ...filter, userId })}
          showSearch={{ optionFilterProp: 'label' }}
          options={people.map((p) => ({ value: p.userId, label: p.realname }))}
        />
        <Button loading={exporting} onClick={exportSheet} data-testid="sign-export">
          {t('export')}
        </Button>
      </Space>
      <Typography.Title level={5}>{t('summary')}</Typography.Title>
      <Table<SignSummaryRow>
        rowKey="userId"
        size="small"
        loading={q.isLoading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={people}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('name'), dataIndex: 'realname' },
          { title: t('dept'), dataIndex: 'deptName' },
          { title: t('workdays'), dataIndex: 'workdays' },
          { title: t('signedDays'), dataIndex: 'signedDays' },
          { title: t('late'), dataIndex: 'late' },
          { title: t('early'), dataIndex: 'early' },
          { title: t('missing'), dataIndex: 'missing' },
          { title: t('field'), dataIndex: 'field' },
        ]}
      />
      <Typography.Title level={5}>{t('daily')}</Typography.Title>
      <Table<SignDayRow>
        rowKey={(r) => `${r.userId}/${r.day}`}
        size="small"
        loading={q.isLoading}
        pagination={{ pageSize: 31, hideOnSinglePage: true }}
        dataSource={q.data?.days ?? []}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('name'), dataIndex: 'realname' },
          { title: t('dept'), dataIndex: 'deptName' },
          { title: t('day'), dataIndex: 'day' },
          { title: t('inTime'), dataIndex: 'inTime', render: (v: string | null) => v ?? '—' },
          { title: t('outTime'), dataIndex: 'outTime', render: (v: string | null) => v ?? '—' },
          { title: t('status'), key: 'status', render: (_, r) => <Statuses t={t} row={r} /> },
        ]}
      />
    </div>
  );
}
