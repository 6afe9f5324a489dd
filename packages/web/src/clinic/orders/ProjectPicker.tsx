import { PlusOutlined } from '@ant-design/icons';
import { type BodyPartNode, fenToYuan, type Project, type ProjectClassNode } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Table, Tabs, Tree } from 'antd';
import { useState } from 'react';
import { orderKeys, ordersApi } from './api';
import { useOrderMessages } from './messages';

const classNodes = (nodes: ProjectClassNode[]): object[] =>
  nodes.map((n) => ({ key: n.classId, title: n.name, children: classNodes(n.children) }));
const partNodes = (nodes: BodyPartNode[]): object[] =>
  nodes.map((n) => ({ key: n.partId, title: n.name, children: partNodes(n.children) }));

/**
 * The catalogue beside the line grid: enabled projects by class or body part, searched by name
 * or pinyin, paged by the server. Set meals are chosen above it (set-meal/SetMealPicker).
 */
export function ProjectPicker({ onAdd }: { onAdd: (p: Project) => void }) {
  const t = useOrderMessages();
  const [by, setBy] = useState<{ classId?: number; partId?: number }>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const catalogue = useQuery({ queryKey: orderKeys.catalogue, queryFn: ordersApi.catalogue });
  const body = { ...by, search, page, limit: 10 };
  const list = useQuery({
    queryKey: orderKeys.projects(body),
    queryFn: () => ordersApi.projects(body),
    placeholderData: keepPreviousData,
  });
  const choose = (next: { classId?: number; partId?: number }) => {
    setBy(next);
    setPage(1);
  };
  const tree = (kind: 'classId' | 'partId', data: object[]) => (
    <Tree
      treeData={[{ key: 0, title: t('all') }, ...data]}
      selectedKeys={[by[kind] ?? 0]}
      defaultExpandAll
      onSelect={(keys) => choose(Number(keys[0]) > 0 ? { [kind]: Number(keys[0]) } : {})}
      style={{ maxHeight: 220, overflow: 'auto' }}
    />
  );
  return (
    <Card size="small" className="open-orders__catalogue">
      <Tabs
        size="small"
        onChange={() => choose({})}
        items={[
          { key: 'classes', label: t('classes'), children: tree('classId', classNodes(catalogue.data?.classes ?? [])) },
          { key: 'parts', label: t('parts'), children: tree('partId', partNodes(catalogue.data?.parts ?? [])) },
        ]}
      />
      <Input.Search
        allowClear
        placeholder={t('search')}
        aria-label={t('search')}
        onSearch={(v) => {
          setSearch(v.trim());
          setPage(1);
        }}
        style={{ margin: '8px 0' }}
      />
      <Table<Project>
        size="small"
        rowKey="projectId"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('noProjects') }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.totalRow ?? 0,
          size: 'small',
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            title: t('project'),
            dataIndex: 'name',
            render: (name: string, p) => (
              <div>
                <div>{name}</div>
                <div className="open-orders__sub">
                  {t('sessions', { n: p.sessions })} · {fenToYuan(p.salesPrice)}
                </div>
              </div>
            ),
          },
          {
            key: 'add',
            width: 56,
            render: (_: unknown, p) => (
              <Button
                size="small"
                icon={<PlusOutlined />}
                aria-label={`${t('add')} ${p.name}`}
                onClick={() => onAdd(p)}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
