import type { ProductLineRow, ProductLinesAnswer } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Table } from 'antd';
import { request } from '@/shell/request';
import { useSalesMessages } from '../sales/messages';
import type { CrmKind } from '../types';

/** A record's product lines through its kind's call (`CrmBusiness/queryProduct` with businessId). */
export const fetchProductLines = (kind: CrmKind, id: number) => {
  const call = kind.productLines!;
  return request<ProductLinesAnswer>(`/${kind.prefix}/${call.call}`, { [call.idParam]: id, pageType: 0 });
};
export const productLinesKey = (kind: CrmKind, id: number) => ['crm', kind.prefix, 'productLines', id] as const;

/** The detail's 产品 tab of a kind with product lines: the lines, the whole-order discount and the total. */
export function ProductLinesTab({ kind, id }: { kind: CrmKind; id: number }) {
  const t = useSalesMessages();
  const q = useQuery({ queryKey: productLinesKey(kind, id), queryFn: () => fetchProductLines(kind, id) });
  return (
    <div data-testid="product-lines-tab">
      <Table<ProductLineRow>
        size="small"
        rowKey="productId"
        loading={q.isLoading}
        pagination={false}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('noProducts') }}
        columns={[
          { title: t('productName'), dataIndex: 'name', key: 'name' },
          { title: t('category'), dataIndex: 'categoryName', key: 'categoryName' },
          { title: t('unit'), dataIndex: 'unit', key: 'unit' },
          { title: t('price'), dataIndex: 'price', key: 'price' },
          { title: t('salesPrice'), dataIndex: 'salesPrice', key: 'salesPrice' },
          { title: t('num'), dataIndex: 'num', key: 'num' },
          { title: t('discount'), dataIndex: 'discount', key: 'discount' },
          { title: t('subtotal'), dataIndex: 'subtotal', key: 'subtotal' },
        ]}
      />
      <Descriptions
        size="small"
        style={{ marginTop: 12 }}
        column={2}
        items={[
          { key: 'rate', label: t('discountRate'), children: q.data?.discountRate ?? 0 },
          {
            key: 'total',
            label: t('totalPrice'),
            children: <span data-testid="product-total">{q.data?.money ?? 0}</span>,
          },
        ]}
      />
    </div>
  );
}
