import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Radio, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useLang } from '@/i18n';
import { useRoleGroups } from '../use-roles';
import { crmFieldApi, crmFieldKeys } from './api';
import { useCustomFieldMessages } from './messages';

export type AuthKind = { label: number; name: string };

/**
 * Field permissions of one role for one kind: each field hidden, read-only or editable. The
 * ID image shows the level its role permissions give it, not changeable here.
 */
export function FieldAuthDrawer({ kind, onClose }: { kind: AuthKind | null; onClose: () => void }) {
  const t = useCustomFieldMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { groups, loading } = useRoleGroups(kind !== null);
  const [roleId, setRoleId] = useState<number | undefined>();
  const [levels, setLevels] = useState<Record<string, number>>({});
  const roles = groups.flatMap((g) => g.roles.filter((r) => !r.isSuper).map((r) => ({ ...r, group: g.label })));

  useEffect(() => {
    if (kind === null) setRoleId(undefined);
  }, [kind]);

  const auth = useQuery({
    queryKey: crmFieldKeys.auth(roleId ?? 0, kind?.label ?? 0),
    queryFn: () => crmFieldApi.fieldAuth(roleId!, kind!.label),
    enabled: kind !== null && roleId !== undefined,
  });
  useEffect(() => {
    setLevels(Object.fromEntries((auth.data ?? []).map((f) => [f.fieldName, f.authLevel])));
  }, [auth.data]);

  const save = useMutation({
    mutationFn: () =>
      crmFieldApi.setFieldAuth(
        roleId!,
        kind!.label,
        (auth.data ?? [])
          .filter((f) => !f.byPermission)
          .map((f) => ({ fieldName: f.fieldName, authLevel: levels[f.fieldName] ?? 3 })),
      ),
    onSuccess: () => {
      message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: crmFieldKeys.all });
    },
  });

  return (
    <Drawer
      open={kind !== null}
      title={t('authTitle', { name: kind?.name ?? '' })}
      size={640}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" disabled={!auth.data} loading={save.isPending} onClick={() => save.mutate()}>
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          aria-label={t('role')}
          placeholder={t('pickRole')}
          style={{ width: 280 }}
          loading={loading}
          value={roleId}
          onChange={setRoleId}
          showSearch
          optionFilterProp="label"
          options={groups.map((g) => ({
            label: g.label,
            options: g.roles.filter((r) => !r.isSuper).map((r) => ({ value: r.roleId, label: r.roleName })),
          }))}
        />
        <Alert type="info" showIcon title={t('authHint')} />
        {roleId !== undefined && roles.length > 0 && (
          <Table
            rowKey="fieldName"
            size="small"
            pagination={false}
            loading={auth.isLoading}
            dataSource={auth.data ?? []}
            columns={[
              {
                title: t('field'),
                dataIndex: 'name',
                render: (name: string, f) => (
                  <span>
                    {name} {f.fieldType === 1 && <Tag>{lang === 'en' ? 'System' : '系统'}</Tag>}
                  </span>
                ),
              },
              {
                title: t('access'),
                key: 'level',
                render: (_, f) => (
                  <Space direction="vertical" size={0}>
                    <Radio.Group
                      aria-label={f.name}
                      disabled={f.byPermission}
                      value={levels[f.fieldName] ?? 3}
                      onChange={(e) => setLevels({ ...levels, [f.fieldName]: e.target.value })}
                      options={[
                        { value: 1, label: t('hidden') },
                        { value: 2, label: t('readOnly') },
                        { value: 3, label: t('editable') },
                      ]}
                    />
                    {f.byPermission && <span className="ant-form-item-extra">{t('byPermission')}</span>}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Space>
    </Drawer>
  );
}
