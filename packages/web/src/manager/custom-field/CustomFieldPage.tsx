import { recordKindByKey } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type DesignedFields, FieldDesigner } from '@/components/field-designer';
import { useLang } from '@/i18n';
import '../manager.css';
import { crmFieldApi, crmFieldKeys } from './api';
import { type AuthKind, FieldAuthDrawer } from './FieldAuthDrawer';
import { useCustomFieldMessages } from './messages';

const BASE = '/manager/custom-field';

/** The designer's address (spec route map: custom-field/handlefield/{type}/{id}/{label}); id is the set's scope, 0 for a kind. */
export const handleFieldPath = (key: string, label: number) => `${BASE}/handlefield/${key}/0/${label}`;

/**
 * 客户管理 › 自定义字段: the CRM kinds with a field designer (field/list). The designer opens at
 * its own address, so a link or a reload lands on the kind being designed; field permissions
 * per role open beside it.
 */
export default function CustomFieldPage() {
  const t = useCustomFieldMessages();
  const { lang } = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const [authKind, setAuthKind] = useState<AuthKind | null>(null);
  const kinds = useQuery({ queryKey: crmFieldKeys.kinds, queryFn: crmFieldApi.kinds });

  const label = Number(params.label);
  const kind = recordKindByKey(params.type ?? '');
  const designing = params.label !== undefined && kind !== undefined && kind.label === label;
  const fields = useQuery({
    queryKey: crmFieldKeys.fields(label),
    queryFn: () => crmFieldApi.fields(label),
    enabled: designing,
  });
  const design: DesignedFields | null =
    designing && fields.data
      ? {
          title: lang === 'en' ? kind.nameEn : kind.name,
          isSystem: false,
          fields: fields.data,
          target: { type: 'crm', label },
        }
      : null;
  const close = () => navigate(BASE);

  return (
    <Card title={t('title')}>
      <Table
        rowKey="label"
        loading={kinds.isLoading}
        pagination={false}
        dataSource={kinds.data ?? []}
        columns={[
          { title: t('kind'), key: 'name', render: (_, k) => (lang === 'en' ? k.nameEn : k.name) },
          {
            title: t('updateTime'),
            dataIndex: 'updateTime',
            render: (v: string | null) =>
              v ? new Date(v).toLocaleString(lang === 'en' ? 'en-US' : 'zh-CN') : t('never'),
          },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, k) => (
              <Space>
                <Button type="link" onClick={() => navigate(handleFieldPath(k.key, k.label))}>
                  {t('editFields')}
                </Button>
                <Button
                  type="link"
                  onClick={() => setAuthKind({ label: k.label, name: lang === 'en' ? k.nameEn : k.name })}
                >
                  {t('fieldAuth')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FieldDesigner
        category={design}
        onClose={close}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: crmFieldKeys.all })}
      />
      <FieldAuthDrawer kind={authKind} onClose={() => setAuthKind(null)} />
    </Card>
  );
}
