import type { PayMethodRow } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, List, Space, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMoneyNames } from '@/clinic/money-names';
import { call } from '@/shell/call';
import { useSystemProjectMessages } from './messages';
import { PAY_METHODS_KEY } from './pay-methods';

/**
 * 系统管理 › 项目设置 (issue 25): the clinic's general settings in one place. Stores and beds have
 * their own editors (booking board, inpatients page): linked, not copied. The cash methods are
 * edited here.
 */
export default function SystemProjectPage() {
  const t = useSystemProjectMessages();
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('places')}>
        <List
          dataSource={[
            { key: 'stores', to: '/Booking_management', title: t('stores'), hint: t('storesHint') },
            { key: 'beds', to: '/workflow/isHospitalized', title: t('beds'), hint: t('bedsHint') },
          ]}
          renderItem={(item) => (
            <List.Item
              key={item.key}
              actions={[
                <Link key="go" to={item.to}>
                  {t('open')}
                </Link>,
              ]}
            >
              <List.Item.Meta title={item.title} description={item.hint} />
            </List.Item>
          )}
        />
      </Card>
      <PayMethodsCard />
    </Space>
  );
}

function PayMethodsCard() {
  const t = useSystemProjectMessages();
  const moneyNames = useMoneyNames();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: PAY_METHODS_KEY, queryFn: () => call('/system/application/payMethods') });
  const [rows, setRows] = useState<PayMethodRow[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(data ?? []), [data]);
  const set = (method: string, patch: Partial<PayMethodRow>) =>
    setRows((old) => old.map((r) => (r.method === method ? { ...r, ...patch } : r)));

  const save = async () => {
    setSaving(true);
    try {
      // Form-encoded like every call: the list travels as JSON text.
      const saved = await call('/system/application/savePayMethods', { methods: JSON.stringify(rows) });
      client.setQueryData(PAY_METHODS_KEY, saved);
      message.success(t('saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t('payTitle')}
      extra={
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('save')}
        </Button>
      }
    >
      <p className="ant-typography ant-typography-secondary">{t('payHint')}</p>
      <Table<PayMethodRow>
        rowKey="method"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('method'),
            key: 'method',
            render: (_, r) => moneyNames.payMethod[r.method] ?? r.method,
          },
          {
            title: t('name'),
            key: 'name',
            render: (_, r) => (
              <Input
                aria-label={`${t('name')} ${r.method}`}
                maxLength={10}
                value={r.name}
                onChange={(e) => set(r.method, { name: e.target.value })}
              />
            ),
          },
          {
            title: t('enabled'),
            key: 'enabled',
            width: 100,
            render: (_, r) => (
              <Switch aria-label={r.method} checked={r.enabled} onChange={(on) => set(r.method, { enabled: on })} />
            ),
          },
        ]}
      />
    </Card>
  );
}
