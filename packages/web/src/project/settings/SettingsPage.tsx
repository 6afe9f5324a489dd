import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { hasEnabled, hasSort, type SettingsField, type SettingsKind } from '@crm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Segmented, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { SubmitModal } from '@/components/form/SubmitModal';
import { useLang } from '@/i18n';
import { useCommonMessages } from '@/manager/messages';
import { usePermission } from '@/manager/use-permission';
import { type SettingsRow, settingsApi, settingsKeys } from './api';
import { useSettingsMessages } from './messages';
import { SettingsForm, useCheckedBody } from './SettingsForm';
import { fenToYuan, toForm } from './values';
import './settings.css';

/**
 * The page of any settings kind, made from its declaration: a singleton is a form; a list kind
 * is a searchable, paged table with a form dialog, enable switch, reordering and delete.
 */
export function SettingsPage({ kind }: { kind: SettingsKind }) {
  const { lang } = useLang();
  return (
    <Card title={lang === 'en' ? kind.titleEn : kind.title}>
      <Typography.Paragraph type="secondary">{lang === 'en' ? kind.introEn : kind.intro}</Typography.Paragraph>
      {kind.singleton ? <SingletonForm kind={kind} /> : <SettingsTable kind={kind} />}
    </Card>
  );
}

function SingletonForm({ kind }: { kind: SettingsKind }) {
  const c = useCommonMessages();
  const { message } = App.useApp();
  const can = usePermission();
  const api = settingsApi(kind);
  const [form] = Form.useForm();
  const checked = useCheckedBody(kind);
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: settingsKeys.kind(kind.name), queryFn: api.query });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.save(body),
    onSuccess: () => {
      message.success(c('saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.kind(kind.name) });
    },
  });
  // The stored values fill the form when they arrive (and again after a save).
  useEffect(() => {
    if (current.data) form.setFieldsValue(toForm(kind, current.data));
  }, [current.data, form, kind]);
  if (!current.data) return null;
  return (
    <div className="settings-singleton">
      <SettingsForm kind={kind} form={form} />
      {can(`project.${kind.node}.update`) && (
        <Button
          type="primary"
          data-testid="settings-save"
          loading={save.isPending}
          onClick={async () => {
            const body = await checked(form);
            if (body) save.mutate(body);
          }}
        >
          {c('save')}
        </Button>
      )}
    </div>
  );
}

function SettingsTable({ kind }: { kind: SettingsKind }) {
  const { lang } = useLang();
  const t = useSettingsMessages();
  const c = useCommonMessages();
  const { message, modal } = App.useApp();
  const can = usePermission();
  const editable = can(`project.${kind.node}.update`);
  const api = settingsApi(kind);
  const queryClient = useQueryClient();
  const [query, setQuery] = useState({ page: 1, limit: 15, search: '', enabled: undefined as boolean | undefined });
  const [editing, setEditing] = useState<{ row: SettingsRow | null } | null>(null);
  const [form] = Form.useForm();
  const checked = useCheckedBody(kind);
  const title = lang === 'en' ? kind.titleEn : kind.title;

  const list = useQuery({
    queryKey: [...settingsKeys.kind(kind.name), query],
    queryFn: () => api.list(query),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
  const rows = list.data?.list ?? [];

  const submit = async () => {
    const body = await checked(form);
    if (!body) return;
    await api.save(editing?.row ? { ...body, id: editing.row.id } : body);
    message.success(editing?.row ? c('editSuccess') : c('addSuccess'));
    setEditing(null);
    reload();
  };
  const open = async (row: SettingsRow | null) => {
    // The list row already holds the sub-tables; read again so the form edits what is stored now.
    const fresh = row ? await api.read(row.id) : null;
    form.setFieldsValue(toForm(kind, fresh));
    setEditing({ row: fresh });
  };
  const move = async (index: number, by: number) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    await api.sort(ids);
    reload();
  };

  const columns: ColumnsType<SettingsRow> = [
    ...kind.fields.filter((f) => f.column && f.key !== 'enabled').map((f) => columnOf(f, lang, t)),
    ...(kind.computed ?? []).map((cf) => ({
      key: cf.key,
      title: lang === 'en' ? cf.labelEn : cf.label,
      render: (_: unknown, r: SettingsRow) => `¥${fenToYuan(r[cf.key] as number)}`,
    })),
    ...(hasEnabled(kind)
      ? [
          {
            key: 'enabled',
            title: lang === 'en' ? 'Enabled' : '启用',
            width: 90,
            render: (_: unknown, r: SettingsRow) => (
              <Switch
                size="small"
                checked={Boolean(r.enabled)}
                disabled={!editable}
                aria-label={`${t('enabledOnly')} ${r.id}`}
                onChange={async (on) => {
                  await api.status(r.id, on);
                  reload();
                }}
              />
            ),
          },
        ]
      : []),
    ...(editable
      ? [
          {
            key: 'actions',
            title: c('actions'),
            width: 220,
            render: (_: unknown, r: SettingsRow, i: number) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => void open(r)}>
                  {c('edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: c('confirmTitle'),
                      content: t('deleteConfirm', { title }),
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        await api.remove(r.id);
                        message.success(c('deleteSuccess'));
                        reload();
                      },
                    })
                  }
                >
                  {c('delete')}
                </Button>
                {hasSort(kind) && (
                  <>
                    <Button
                      type="text"
                      size="small"
                      aria-label={t('moveUp')}
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      onClick={() => void move(i, -1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      aria-label={t('moveDown')}
                      icon={<ArrowDownOutlined />}
                      disabled={i === rows.length - 1}
                      onClick={() => void move(i, 1)}
                    />
                  </>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <div className="settings-toolbar">
        <Space wrap>
          {(kind.search?.length ?? 0) > 0 && (
            <Input.Search
              allowClear
              placeholder={t('searchPlaceholder')}
              onSearch={(search) => setQuery((q) => ({ ...q, search, page: 1 }))}
              style={{ width: 220 }}
            />
          )}
          {hasEnabled(kind) && (
            <Segmented
              value={query.enabled === undefined ? 'all' : query.enabled ? 'on' : 'off'}
              options={[
                { value: 'all', label: t('all') },
                { value: 'on', label: t('enabledOnly') },
                { value: 'off', label: t('disabledOnly') },
              ]}
              onChange={(v) => setQuery((q) => ({ ...q, page: 1, enabled: v === 'all' ? undefined : v === 'on' }))}
            />
          )}
        </Space>
        {editable && (
          <Button type="primary" data-testid="settings-create" icon={<PlusOutlined />} onClick={() => void open(null)}>
            {c('add')}
          </Button>
        )}
      </div>
      <Table<SettingsRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={rows}
        data-testid={`settings-table-${kind.name}`}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.totalRow ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
      <SubmitModal
        open={editing !== null}
        title={`${editing?.row ? c('edit') : c('add')}${title}`}
        width={kind.items?.length ? 820 : 560}
        forceRender
        onCancel={() => setEditing(null)}
        onSubmit={submit}
        okTestId="settings-save"
      >
        <SettingsForm kind={kind} form={form} />
      </SubmitModal>
    </>
  );
}

/** The table column of a declared field: the widget decides how its value reads. */
function columnOf(f: SettingsField, lang: string, t: ReturnType<typeof useSettingsMessages>) {
  const title = lang === 'en' ? f.labelEn : f.label;
  const render = (_: unknown, r: SettingsRow) => {
    const v = r[f.key];
    switch (f.widget) {
      case 'money':
        return v === null ? '' : `¥${fenToYuan(v as number)}`;
      case 'percent':
        return v === null ? '' : `${v}%`;
      case 'switch':
        return v ? t('yes') : t('no');
      case 'ref':
        return r[`${f.key}Name`] as string;
      case 'dateRange':
        return r[f.key] || r[f.endKey] ? `${r[f.key] ?? ''} ~ ${r[f.endKey] ?? ''}` : '';
      case 'select': {
        const labels = (Array.isArray(v) ? v : [v])
          .map((x) => f.options.find((o) => o.value === x))
          .filter(Boolean)
          .map((o) => (lang === 'en' ? o!.labelEn : o!.label));
        // A colour field shows its colour.
        return f.key === 'color' ? <Tag color={String(v)}>{labels.join('')}</Tag> : labels.join('、');
      }
      default:
        return String(v ?? '');
    }
  };
  return { key: f.key, title, render };
}
