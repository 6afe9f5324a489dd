import {
  type ScreeningKind,
  type ScreeningRow,
  screeningFieldLabels,
  screeningKinds,
  screeningQuerySchema,
} from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { showTime } from '@/shell/time';
import { screeningApi, screeningKeys } from './api';
import { useScreeningMessages } from './messages';

type T = ReturnType<typeof useScreeningMessages>;

/** Where a found record opens: the kind's detail page in the CRM area. */
export const recordPath = (row: Pick<ScreeningRow, 'kind' | 'id'>) => `/crm/${row.kind}/${row.id}`;

/** What a row offers: open it when the server says the viewer may read it, else whom to ask. */
export function accessHint(t: T, row: ScreeningRow): string {
  if (row.pool) return t('askPool');
  if (!row.ownerUserName) return t('noOwner');
  return row.ownerDeptName
    ? t('askOwner', { owner: row.ownerUserName, dept: row.ownerDeptName })
    : t('askOwnerNoDept', { owner: row.ownerUserName });
}

/**
 * CRM › 客户查重 (issue 25): one search box over every owner's customers, leads and contacts; the
 * server matches (phones and ID numbers exactly, names and pinyin by part) and masks what the
 * viewer may not see. Results come grouped by kind.
 */
export default function ScreeningPage() {
  const t = useScreeningMessages();
  const [text, setText] = useState('');
  const [types, setTypes] = useState<ScreeningKind[]>([...screeningKinds]);
  const [submitted, setSubmitted] = useState<{ keyword: string; types: ScreeningKind[] } | null>(null);
  const [error, setError] = useState('');
  const result = useQuery({
    queryKey: screeningKeys.query(submitted?.keyword ?? '', submitted?.types ?? []),
    queryFn: () => screeningApi.query(submitted!.keyword, submitted!.types),
    enabled: submitted !== null,
  });

  const search = (value: string) => {
    // The same rule the server applies, checked first so a one-letter search costs no call.
    const parsed = screeningQuerySchema.safeParse({ keyword: value, types });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('tooShort'));
      return;
    }
    setError('');
    setSubmitted({ keyword: parsed.data.keyword, types });
  };

  const columns: ColumnsType<ScreeningRow> = [
    {
      title: t('name'),
      key: 'name',
      render: (_, r) => (r.canRead ? <Link to={recordPath(r)}>{r.name}</Link> : r.name),
    },
    {
      title: t('matched'),
      key: 'matched',
      render: (_, r) => `${screeningFieldLabels[r.matchedField]}：${r.matchedValue}`,
    },
    {
      title: t('owner'),
      key: 'owner',
      render: (_, r) => (r.pool ? <Tag color="blue">{t('pool')}</Tag> : r.ownerUserName),
    },
    { title: t('dept'), dataIndex: 'ownerDeptName', key: 'dept' },
    { title: t('createTime'), key: 'createTime', render: (_, r) => showTime(r.createTime) },
    {
      title: t('action'),
      key: 'action',
      render: (_, r) =>
        r.canRead ? (
          <Link to={recordPath(r)}>{t('open')}</Link>
        ) : (
          <Typography.Text type="secondary">{accessHint(t, r)}</Typography.Text>
        ),
    },
  ];

  const groups = result.data?.groups ?? [];
  return (
    <Card title={t('title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        <Input.Search
          allowClear
          enterButton={t('search')}
          placeholder={t('placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={search}
          loading={result.isFetching}
          style={{ maxWidth: 520 }}
        />
        <Checkbox.Group
          value={types}
          onChange={(v) => setTypes(v as ScreeningKind[])}
          options={screeningKinds.map((k) => ({ value: k, label: t(k) }))}
        />
        {error && <Alert type="warning" showIcon title={error} />}
        {submitted && result.data && groups.every((g) => g.total === 0) && <Empty description={t('nothing')} />}
        {groups
          .filter((g) => g.total > 0)
          .map((g) => (
            <Card key={g.kind} size="small" type="inner" title={`${t(g.kind)}（${t('count', { n: g.total })}）`}>
              {g.total > g.list.length && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 8 }}
                  title={t('more', { total: g.total, shown: g.list.length })}
                />
              )}
              <Table<ScreeningRow>
                rowKey={(r) => `${r.kind}-${r.id}`}
                size="small"
                columns={columns}
                dataSource={g.list}
                pagination={false}
                locale={{ emptyText: t('none') }}
              />
            </Card>
          ))}
      </Space>
    </Card>
  );
}
