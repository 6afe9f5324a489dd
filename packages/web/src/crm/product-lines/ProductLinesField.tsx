import { PlusOutlined } from '@ant-design/icons';
import type { ProductLineRow } from '@crm/shared';
import { Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSalesMessages } from '../sales/messages';
import { AmountInput } from './AmountInput';
import {
  addProducts,
  changeLine,
  emptyProductLines,
  type ProductLinesValue,
  removeLine,
  setDiscountRate,
  setTotal,
} from './model';
import { ProductPicker } from './ProductPicker';
import './product-lines.css';

/**
 * The product block of a record form (crm-records §2: a full row; §3 product line items; §5
 * arithmetic): 添加产品 opens the product picker; each line's sales price, quantity and discount
 * move the others; the whole-order discount and the total move each other. A form control:
 * `value` / `onChange` inside a Form.Item.
 */
export function ProductLinesField({
  value = emptyProductLines,
  onChange,
  disabled,
}: {
  value?: ProductLinesValue;
  onChange?: (v: ProductLinesValue) => void;
  disabled?: boolean;
}) {
  const t = useSalesMessages();
  const [picking, setPicking] = useState(false);
  const set = (v: ProductLinesValue) => onChange?.(v);
  return (
    <div className="pl-block" data-testid="product-lines">
      <div className="pl-block__toolbar">
        <Typography.Text type="secondary">{t('lineCount', { n: value.lines.length })}</Typography.Text>
        {!disabled && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="product-add">
            {t('addProduct')}
          </Button>
        )}
      </div>
      <Table<ProductLineRow>
        size="small"
        rowKey="productId"
        pagination={false}
        dataSource={value.lines}
        locale={{ emptyText: t('noProducts') }}
        scroll={{ x: 640 }}
        columns={[
          { title: t('productName'), dataIndex: 'name', key: 'name', width: 120 },
          { title: t('unit'), dataIndex: 'unit', key: 'unit', width: 50 },
          { title: t('price'), dataIndex: 'price', key: 'price', width: 80 },
          {
            title: t('salesPrice'),
            key: 'salesPrice',
            width: 100,
            render: (_, l) => (
              <AmountInput
                value={l.salesPrice}
                disabled={disabled}
                width={90}
                testId={`line-salesPrice-${l.productId}`}
                onChange={(n) => set(changeLine(value, l.productId, { salesPrice: n }))}
              />
            ),
          },
          {
            title: t('num'),
            key: 'num',
            width: 80,
            render: (_, l) => (
              <AmountInput
                value={l.num}
                disabled={disabled}
                width={70}
                testId={`line-num-${l.productId}`}
                onChange={(n) => set(changeLine(value, l.productId, { num: n }))}
              />
            ),
          },
          {
            title: t('discount'),
            key: 'discount',
            width: 80,
            render: (_, l) => (
              <AmountInput
                value={l.discount}
                disabled={disabled}
                width={70}
                testId={`line-discount-${l.productId}`}
                onChange={(n) => set(changeLine(value, l.productId, { discount: n }))}
              />
            ),
          },
          { title: t('subtotal'), dataIndex: 'subtotal', key: 'subtotal', width: 90 },
          ...(disabled
            ? []
            : [
                {
                  title: '',
                  key: 'remove',
                  width: 60,
                  render: (_: unknown, l: ProductLineRow) => (
                    <Button type="link" size="small" danger onClick={() => set(removeLine(value, l.productId))}>
                      {t('remove')}
                    </Button>
                  ),
                },
              ]),
        ]}
      />
      <div className="pl-block__totals">
        <Space>
          {t('discountRate')}
          <AmountInput
            value={value.discountRate}
            disabled={disabled}
            width={80}
            testId="product-discountRate"
            onChange={(n) => set(setDiscountRate(value, n))}
          />
        </Space>
        <Space>
          {t('totalPrice')}
          <AmountInput
            value={value.totalPrice}
            disabled={disabled}
            width={120}
            testId="product-totalPrice"
            onChange={(n) => set(setTotal(value, n))}
          />
        </Space>
      </div>
      <ProductPicker
        open={picking}
        onCancel={() => setPicking(false)}
        onConfirm={(picked) => {
          setPicking(false);
          set(addProducts(value, picked));
        }}
      />
    </div>
  );
}
