import type { ApplicationRow } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLang } from '@/i18n';
import { call } from '@/shell/call';
import { SESSION_KEY } from '@/shell/session';
import { useApplicationMessages } from './messages';

const LIST_KEY = ['system', 'application'] as const;

/** 系统管理 › 应用管理 (issue 25): switch whole areas on or off for the company. */
export default function ApplicationPage() {
  const t = useApplicationMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const { data, isLoading } = useQuery({ queryKey: LIST_KEY, queryFn: () => call('/system/application/list') });
  const name = (a: ApplicationRow) => (lang === 'en' ? a.titleEn : a.title);

  const toggle = async (a: ApplicationRow, enabled: boolean) => {
    setBusy(a.key);
    try {
      client.setQueryData(LIST_KEY, await call('/system/application/switch', { key: a.key, enabled }));
      message.success(t(enabled ? 'switchedOn' : 'switchedOff', { name: name(a) }));
      // The administrator's own menus follow at once.
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Table<ApplicationRow>
        rowKey="key"
        size="middle"
        loading={isLoading}
        pagination={false}
        dataSource={data ?? []}
        columns={[
          { title: t('name'), key: 'name', render: (_, a) => name(a) },
          {
            title: t('enabled'),
            key: 'enabled',
            width: 200,
            render: (_, a) => (
              <span>
                <Switch
                  checked={a.enabled}
                  loading={busy === a.key}
                  aria-label={name(a)}
                  onChange={(on) => void toggle(a, on)}
                />{' '}
                <Tag color={a.enabled ? 'green' : 'default'}>{t(a.enabled ? 'on' : 'off')}</Tag>
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
