import { DeleteOutlined } from '@ant-design/icons';
import { fenToYuan, parseYuan } from '@crm/shared';
import { Button, InputNumber, Select, Table, Typography } from 'antd';
import {
  type FormLine,
  lineDiscount,
  linePrice,
  lineSalesPrice,
  lineSessions,
  withDiscount,
  withQuantity,
} from './lines';
import { useOrderMessages } from './messages';
import { SalesCell } from './SalesCell';

export type LineGridProps = {
  lines: FormLine[];
  /** The user's floor per line (same order), when known. */
  floors: (number | undefined)[];
  depts: { deptId: number; name: string }[];
  onChange: (index: number, line: FormLine) => void;
  onRemove: (index: number) => void;
};

/**
 * The order's lines: quantity (sessions shown), 原价, 执行价, the deal price and the discount of 原价
 * (typing one sets the other, in fen), the settlement department and the salespeople; the floor
 * under the deal price, in red when the line is below it.
 */
export function LineGrid({ lines, floors, depts, onChange, onRemove }: LineGridProps) {
  const t = useOrderMessages();
  return (
    <Table<FormLine>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={lines}
      locale={{ emptyText: t('noLines') }}
      scroll={{ x: 990 }}
      data-testid="order-lines"
      columns={[
        { title: t('project'), dataIndex: 'name', width: 110, fixed: 'left' },
        {
          title: t('quantity'),
          key: 'quantity',
          width: 90,
          render: (_: unknown, l, i) => (
            <div>
              <InputNumber
                size="small"
                min={1}
                max={999}
                precision={0}
                value={l.quantity}
                aria-label={`${t('quantity')} ${l.name}`}
                style={{ width: 70 }}
                onChange={(v) => v && onChange(i, withQuantity(l, Number(v)))}
              />
              <div className="open-orders__sub">{t('sessions', { n: lineSessions(l) })}</div>
            </div>
          ),
        },
        {
          title: t('price'),
          key: 'price',
          align: 'right',
          width: 90,
          render: (_: unknown, l) => fenToYuan(linePrice(l)),
        },
        {
          title: t('salesPrice'),
          key: 'salesPrice',
          align: 'right',
          width: 90,
          render: (_: unknown, l) => fenToYuan(lineSalesPrice(l)),
        },
        {
          title: t('dealPrice'),
          key: 'dealPrice',
          width: 150,
          render: (_: unknown, l, i) => {
            const floor = floors[i];
            const below = floor !== undefined && l.dealPrice < floor;
            return (
              <div>
                <InputNumber<string>
                  size="small"
                  stringMode
                  min="0"
                  precision={2}
                  value={fenToYuan(l.dealPrice)}
                  status={below ? 'warning' : undefined}
                  aria-label={`${t('dealPrice')} ${l.name}`}
                  style={{ width: 110 }}
                  onChange={(v) => {
                    const parsed = parseYuan(v ?? '');
                    if (parsed.ok) onChange(i, { ...l, dealPrice: Math.min(parsed.fen, linePrice(l)) });
                  }}
                />
                {floor !== undefined && (
                  <Typography.Text
                    type={below ? 'danger' : 'secondary'}
                    className="open-orders__sub"
                    data-testid={below ? 'below-floor' : undefined}
                  >
                    {t(below ? 'belowFloor' : 'floor', { yuan: fenToYuan(floor) })}
                  </Typography.Text>
                )}
              </div>
            );
          },
        },
        {
          title: t('discount'),
          key: 'discount',
          width: 100,
          render: (_: unknown, l, i) => (
            <InputNumber<string>
              size="small"
              stringMode
              min="0"
              max="100"
              precision={2}
              value={lineDiscount(l).toFixed(2)}
              aria-label={`${t('discount')} ${l.name}`}
              style={{ width: 80 }}
              onChange={(v) => v != null && v !== '' && onChange(i, withDiscount(l, Number(v)))}
            />
          ),
        },
        {
          title: t('dept'),
          key: 'dept',
          width: 120,
          render: (_: unknown, l, i) => (
            <Select
              size="small"
              allowClear
              value={l.deptId ?? undefined}
              aria-label={`${t('dept')} ${l.name}`}
              style={{ width: 110 }}
              options={depts.map((d) => ({ value: d.deptId, label: d.name }))}
              onChange={(v) => onChange(i, { ...l, deptId: v ?? null })}
            />
          ),
        },
        {
          title: t('salespeople'),
          key: 'sales',
          width: 190,
          render: (_: unknown, l, i) => (
            <SalesCell value={l.salespeople} onChange={(salespeople) => onChange(i, { ...l, salespeople })} />
          ),
        },
        {
          key: 'remove',
          width: 48,
          render: (_: unknown, l, i) => (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('remove')} ${l.name}`}
              onClick={() => onRemove(i)}
            />
          ),
        },
      ]}
    />
  );
}
