import { PlusOutlined } from '@ant-design/icons';
import { type BodyPartNode, fenToYuan, type Project } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Input, Row, Select, Space, Table, Tag, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ExcelActions } from '@/crm/records/excel';
import { usePermission } from '@/manager/use-permission';
import { catalogueApi, catalogueKeys, type ProjectListBody, projectExcelKind } from './api';
import { ClassTree } from './ClassTree';
import { useCatalogueMessages } from './messages';
import { ProjectForm } from './ProjectForm';
import './catalogue.css';

const partOptions = (nodes: BodyPartNode[]): object[] =>
  nodes.map((n) => ({ value: n.partId, title: n.name, children: partOptions(n.children) }));

/**
 * 配置 › 项目 (/project/index): the class tree on the left, the projects of the chosen class (and
 * its subclasses) on the right, searched by name, code or pinyin and filtered by body part and
 * status, paged by the server; new and edit in a drawer; batch enable, disable and delete;
 * Excel import and export of the current filter. Buttons show with their permissions.
 */
export default function CataloguePage() {
  const t = useCatalogueMessages();
  const can = usePermission();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [classId, setClassId] = useState<number | undefined>();
  const [filters, setFilters] = useState<ProjectListBody>({ page: 1, limit: 15 });
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [form, setForm] = useState<{ open: boolean; editing: Project | null }>({ open: false, editing: null });
  const body: ProjectListBody = { ...filters, classId };

  const classes = useQuery({ queryKey: catalogueKeys.classes, queryFn: catalogueApi.classTree });
  const parts = useQuery({ queryKey: catalogueKeys.parts, queryFn: catalogueApi.partTree });
  const list = useQuery({
    queryKey: catalogueKeys.projects(body),
    queryFn: () => catalogueApi.projects(body),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  const filter = (next: ProjectListBody) => setFilters((f) => ({ ...f, ...next, page: 1 }));

  const batch = async (run: () => Promise<unknown>, done = t('done')) => {
    try {
      await run();
      message.success(done);
      setChosen([]);
      reload();
    } catch {
      // the request layer showed the refusal
    }
  };
  const remove = (ids: number[], title: string) =>
    modal.confirm({
      title,
      okButtonProps: { danger: true },
      onOk: () => batch(() => catalogueApi.deleteProjects(ids), t('deleted')),
    });

  // Fits 1366 px beside the class tree (the layout walk): code and class sit under the name, 原价
  // under 执行价.
  const columns: ColumnsType<Project> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, p) => (
        <div>
          <Space size={4}>
            <span>{name}</span>
            {!p.countsAsDeal && <Tag>{t('trial')}</Tag>}
          </Space>
          <div className="catalogue-page__sub">
            {p.code} · {p.className}
          </div>
        </div>
      ),
    },
    {
      title: t('priceColumn'),
      dataIndex: 'salesPrice',
      align: 'right',
      width: 120,
      render: (v: number, p) => (
        <div>
          <div>{fenToYuan(v)}</div>
          <div className="catalogue-page__sub">{fenToYuan(p.price)}</div>
        </div>
      ),
    },
    { title: t('sessions'), dataIndex: 'sessions', align: 'right', width: 70 },
    {
      title: t('validity'),
      dataIndex: 'validityMonths',
      width: 90,
      render: (m: number) => (m === 0 ? t('forever') : t('months', { n: m })),
    },
    { title: t('parts'), dataIndex: 'partNames', ellipsis: true, render: (names: string[]) => names.join('、') },
    {
      title: t('status'),
      dataIndex: 'enabled',
      width: 80,
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('enabled') : t('disabled')}</Tag>,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, p) => (
        <Space size={0}>
          {can('project:index:update') && (
            <Button type="link" size="small" onClick={() => setForm({ open: true, editing: p })}>
              {t('edit')}
            </Button>
          )}
          {can('project:index:delete') && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => remove([p.projectId], t('deleteOne', { name: p.name }))}
            >
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const canStatus = can('project:index:status');
  const canDelete = can('project:index:delete');
  return (
    <Row gutter={16} wrap={false} className="catalogue-page">
      <Col flex="260px">
        <ClassTree
          tree={classes.data ?? []}
          selected={classId}
          onSelect={(id) => {
            setClassId(id);
            setFilters((f) => ({ ...f, page: 1 }));
          }}
          canEdit={can('project:index:update')}
          canDelete={canDelete}
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card size="small">
          <div className="catalogue-page__toolbar">
            <Space wrap>
              <Input.Search
                allowClear
                placeholder={t('search')}
                style={{ width: 240 }}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                onSearch={(search) => filter({ search })}
              />
              <TreeSelect
                allowClear
                placeholder={t('part')}
                style={{ width: 160 }}
                treeData={partOptions(parts.data ?? [])}
                treeDefaultExpandAll
                onChange={(partId?: number) => filter({ partId })}
              />
              <Select
                allowClear
                placeholder={t('status')}
                style={{ width: 110 }}
                options={[
                  { value: 1, label: t('enabled') },
                  { value: 0, label: t('disabled') },
                ]}
                onChange={(v?: number) => filter({ enabled: v === undefined ? undefined : v === 1 })}
              />
            </Space>
            <Space wrap>
              {chosen.length > 0 && canStatus && (
                <>
                  <Button onClick={() => batch(() => catalogueApi.setEnabled(chosen, true))}>{t('batchEnable')}</Button>
                  <Button onClick={() => batch(() => catalogueApi.setEnabled(chosen, false))}>
                    {t('batchDisable')}
                  </Button>
                </>
              )}
              {chosen.length > 0 && canDelete && (
                <Button danger onClick={() => remove(chosen, t('deleteConfirm', { n: chosen.length }))}>
                  {t('batchDelete')}
                </Button>
              )}
              <ExcelActions kind={projectExcelKind} prefix="api/project" listBody={body} onImported={reload} />
              {can('project:index:save') && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>
                  {t('add')}
                </Button>
              )}
            </Space>
          </div>
          <Table<Project>
            rowKey="projectId"
            size="small"
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.list ?? []}
            rowSelection={
              canStatus || canDelete
                ? { selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)) }
                : undefined
            }
            pagination={{
              current: filters.page,
              pageSize: filters.limit,
              total: list.data?.totalRow ?? 0,
              showTotal: (n) => t('total', { n }),
              onChange: (page, limit) => setFilters((f) => ({ ...f, page, limit })),
            }}
          />
        </Card>
      </Col>
      <ProjectForm
        open={form.open}
        editing={form.editing}
        defaultClassId={classId}
        classes={classes.data ?? []}
        onClose={() => setForm({ open: false, editing: null })}
        onSaved={() => {
          message.success(t('saved'));
          setForm({ open: false, editing: null });
          reload();
        }}
      />
    </Row>
  );
}
