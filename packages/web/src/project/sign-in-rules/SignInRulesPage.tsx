import { authHas } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSession } from '@/shell/session';
import { type SignRuleRow, signApi, signKeys } from '@/workbench/sign-query/api';
import { useSignRuleMessages, weekdayKeys } from './messages';
import { RuleForm } from './RuleForm';

/** /project/SignInRules (spec 2.3): the sign-in rule of each department that has one. */
export default function SignInRulesPage() {
  const t = useSignRuleMessages();
  const { message } = App.useApp();
  const { auth } = useSession();
  const can = (path: string) => authHas(auth, path);
  const client = useQueryClient();
  const q = useQuery({ queryKey: signKeys.rules, queryFn: signApi.rules });
  const [editing, setEditing] = useState<SignRuleRow | 'new' | null>(null);
  const writable = can('project.SignInRules.update');
  const refresh = () => client.invalidateQueries({ queryKey: ['signIn'] });
  const remove = async (r: SignRuleRow) => {
    await signApi.deleteRule(r.deptId);
    message.success(t('removed'));
    await refresh();
  };
  return (
    <Card title={t('title')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" title={t('hint')} />
        {writable && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="sign-rule-add">
            {t('add')}
          </Button>
        )}
        <Table<SignRuleRow>
          rowKey="deptId"
          size="small"
          loading={q.isLoading}
          pagination={false}
          dataSource={q.data ?? []}
          locale={{ emptyText: t('empty') }}
          columns={[
            { title: t('dept'), dataIndex: 'deptName' },
            { title: t('hours'), key: 'hours', render: (_, r) => `${r.workStart} – ${r.workEnd}` },
            { title: t('lateMinutes'), dataIndex: 'lateMinutes' },
            { title: t('earlyMinutes'), dataIndex: 'earlyMinutes' },
            {
              title: t('places'),
              key: 'places',
              render: (_, r) => r.places.map((p) => <Tag key={p.name}>{`${p.name} ${p.radius}m`}</Tag>),
            },
            { title: t('fieldAllowed'), key: 'field', render: (_, r) => (r.fieldAllowed ? t('yes') : t('no')) },
            {
              title: t('workdays'),
              key: 'workdays',
              render: (_, r) => r.workdays.map((d) => t(weekdayKeys[d - 1]!)).join(' '),
            },
            ...(writable
              ? [
                  {
                    title: '',
                    key: 'actions',
                    render: (_: unknown, r: SignRuleRow) => (
                      <Space>
                        <Button type="link" onClick={() => setEditing(r)}>
                          {t('edit')}
                        </Button>
                        <Popconfirm title={t('removeConfirm', { dept: r.deptName })} onConfirm={() => remove(r)}>
                          <Button type="link" danger>
                            {t('remove')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {editing && (
          <RuleForm
            t={t}
            rule={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={async () => {
              setEditing(null);
              message.success(t('saved'));
              await refresh();
            }}
          />
        )}
      </Space>
    </Card>
  );
}
