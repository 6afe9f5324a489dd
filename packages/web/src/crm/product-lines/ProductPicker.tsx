import { type ProductCategoryNode, systemSceneIds } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Modal, Table, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { RELATION_POPOVER_WIDTH } from '@/components/record-picker';
import { type FilterData, type ListBody, type RecordRow, recordApi } from '../api';
import { salesApi, salesKeys } from '../sales/api';
import { useSalesMessages } from '../sales/messages';
import './product-lines.css';

export type PickedProduct = {
  productId: number;
  name: string;
  categoryName: string | null;
  unit: string | null;
  price: number;
};

const PAGE = 10;
const products = recordApi('CrmProduct');

/** A category's id and the ids below it (a parent category lists its children's products too). */
function subtreeIds(nodes: ProductCategoryNode[], id: number): number[] {
  for (const n of nodes) {
    if (n.categoryId === id) {
      const all: number[] = [];
      const walk = (x: ProductCategoryNode) => {
        all.push(x.categoryId);
        x.children.forEach(walk);
      };
      walk(n);
      return all;
    }
    const below = subtreeIds(n.children, id);
    if (below.length) return below;
  }
  return [];
}

const toTree = (nodes: ProductCategoryNode[]): { key: number; title: string; children: unknown[] }[] =>
  nodes.map((n) => ({ key: n.categoryId, title: n.label, children: toTree(n.children) }));

/**
 * The product picker (crm-records §2: 700 px, a product category tree): on-shelf products of the
 * chosen category (and its sub-categories), searchable, ten a page, ticks kept across pages.
 */
export function ProductPicker({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: (picked: PickedProduct[]) => void;
}) {
  const t = useSalesMessages();
  const [category, setCategory] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<number, PickedProduct>>(new Map());
  const tree = useQuery({ queryKey: salesKeys.categories, queryFn: salesApi.categories, enabled: open });
  const ids = useMemo(() => (category === null ? [] : subtreeIds(tree.data ?? [], category)), [category, tree.data]);
  const data: FilterData = ids.length ? { categoryId: { condition: 'in', value: ids } } : {};
  const body: ListBody = {
    page,
    limit: PAGE,
    search,
    sceneId: systemSceneIds.onShelf,
    sortField: '',
    data,
  };
  const list = useQuery({
    queryKey: ['crm', 'CrmProduct', 'picker', body],
    queryFn: () => products.list(body),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const toPicked = (r: RecordRow): PickedProduct => ({
    productId: Number(r.productId),
    name: String(r.name ?? ''),
    categoryName: (r.categoryName as string | null) ?? null,
    unit: (r.unit as string | null) ?? null,
    price: Number(r.price ?? 0),
  });

  return (
    <Modal
      open={open}
      title={t('pickProducts')}
      width={RELATION_POPOVER_WIDTH}
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onCancel}
      onOk={() => {
        onConfirm([...picked.values()]);
        setPicked(new Map());
      }}
      destroyOnHidden
      data-testid="product-picker"
    >
      <div className="pl-picker">
        <div className="pl-picker__tree">
          <Tree
            blockNode
            defaultExpandAll
            selectedKeys={category === null ? ['all'] : [category]}
            treeData={[{ key: 'all', title: t('allCategories'), children: toTree(tree.data ?? []) }] as never}
            onSelect={(keys) => {
              const k = keys[0];
              setCategory(k === undefined || k === 'all' ? null : Number(k));
              setPage(1);
            }}
          />
        </div>
        <div className="pl-picker__list">
          <Input.Search
            allowClear
            placeholder={t('search')}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            style={{ marginBottom: 8 }}
          />
          <Table<RecordRow>
            size="small"
            rowKey={(r) => Number(r.productId)}
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={{ y: 250 }}
            pagination={{
              current: page,
              pageSize: PAGE,
              total: list.data?.totalRow ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              size: 'small',
            }}
            rowSelection={{
              selectedRowKeys: [...picked.keys()],
              preserveSelectedRowKeys: true,
              onSelect: (row, selected) => {
                const next = new Map(picked);
                if (selected) next.set(Number(row.productId), toPicked(row));
                else next.delete(Number(row.productId));
                setPicked(next);
              },
              onSelectAll: (selected, _rows, changed) => {
                const next = new Map(picked);
                for (const row of changed)
                  if (selected) next.set(Number(row.productId), toPicked(row));
                  else next.delete(Number(row.productId));
                setPicked(next);
              },
            }}
            columns={[
              { title: t('productName'), dataIndex: 'name', key: 'name' },
              { title: t('category'), dataIndex: 'categoryName', key: 'categoryName', width: 110 },
              { title: t('unit'), dataIndex: 'unit', key: 'unit', width: 60 },
              { title: t('price'), dataIndex: 'price', key: 'price', width: 100 },
            ]}
          />
        </div>
      </div>
    </Modal>
  );
}
