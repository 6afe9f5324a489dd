import { type DataScope, dataScopeLabels, type SystemRole } from '@crm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Empty, Radio, Space, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLang } from '@/i18n';
import { api, managerKeys } from '../api';
import { useCommonMessages } from '../messages';
import { useRoleMessages } from './messages';
import { branchKeys, leafKeys, permissionsToSave, toTreeData } from './permission-tree';

/**
 * The role's permission tree (its role type's menu) and data scope. Mounted per role, so a
 * change of role starts from that role's saved state.
 */
export function PermissionTab({ role, editable }: { role: SystemRole; editable: boolean }) {
  const t = useRoleMessages();
  const c = useCommonMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const menu = useQuery({ queryKey: managerKeys.menu(role.roleType), queryFn: () => api.menuByType(role.roleType) });
  const tree = useMemo(() => toTreeData(menu.data ?? [], lang), [menu.data, lang]);
  const allLeaves = useMemo(() => leafKeys(tree), [tree]);

  const [checked, setChecked] = useState<string[]>(role.permissions);
  const [dataType, setDataType] = useState<number>(role.dataType);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const readOnly = !editable || role.isSuper;
  // The super admin passes every check: show everything ticked.
  const shownChecked = role.isSuper ? allLeaves : checked;
  const dirty =
    !role.isSuper &&
    (dataType !== role.dataType ||
      permissionsToSave(checked, tree).join() !== permissionsToSave(role.permissions, tree).join());

  const save = useMutation({
    mutationFn: () =>
      api.updateRoleMenu({ roleId: role.roleId, dataType, permissions: permissionsToSave(checked, tree) }),
    onSuccess: () => {
      message.success(c('saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: managerKeys.rolesByType(role.roleType) });
    },
  });

  const reset = () => {
    setChecked(role.permissions);
    setDataType(role.dataType);
  };

  return (
    <div>
      {role.isSuper && <Alert type="info" showIcon title={t('superHint')} style={{ marginBottom: 12 }} />}
      {!editable && !role.isSuper && (
        <Alert type="warning" showIcon title={t('readOnlyHint')} style={{ marginBottom: 12 }} />
      )}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('dataScope')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('dataScopeHint')}
      </Typography.Paragraph>
      <Radio.Group
        value={role.isSuper ? 5 : dataType}
        disabled={readOnly}
        onChange={(e) => setDataType(e.target.value)}
        options={Object.entries(dataScopeLabels).map(([k, [zh, en]]) => ({
          value: Number(k) as DataScope,
          label: lang === 'en' ? en : zh,
        }))}
      />
      <Divider />
      <div className="manager-toolbar">
        <Typography.Title level={5} style={{ margin: 0 }} className="grow">
          {t('permissions')}
        </Typography.Title>
        <Button size="small" type="link" onClick={() => setExpanded(null)}>
          {t('expandAll')}
        </Button>
        <Button size="small" type="link" onClick={() => setExpanded([])}>
          {t('collapseAll')}
        </Button>
        {!readOnly && (
          <>
            <Button size="small" type="link" onClick={() => setChecked(allLeaves)}>
              {t('checkAll')}
            </Button>
            <Button size="small" type="link" onClick={() => setChecked([])}>
              {t('uncheckAll')}
            </Button>
          </>
        )}
      </div>
      <Spin spinning={menu.isLoading}>
        {tree.length > 0 ? (
          <Tree
            className="perm-tree"
            checkable
            selectable={false}
            disabled={readOnly}
            treeData={tree}
            expandedKeys={expanded ?? branchKeys(tree)}
            onExpand={(keys) => setExpanded(keys.map(String))}
            checkedKeys={shownChecked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          />
        ) : (
          !menu.isLoading && <Empty description={c('noData')} />
        )}
      </Spin>
      {!readOnly && (
        <>
          <Divider />
          <Space>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
              {t('savePermissions')}
            </Button>
            <Button disabled={!dirty} onClick={reset}>
              {t('reset')}
            </Button>
            {dirty && <Typography.Text type="warning">{t('unsaved')}</Typography.Text>}
          </Space>
        </>
      )}
    </div>
  );
}
