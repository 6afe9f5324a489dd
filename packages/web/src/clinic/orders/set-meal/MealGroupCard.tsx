import { DeleteOutlined } from '@ant-design/icons';
import { fenToYuan, parseYuan, showFen } from '@crm/shared';
import { Button, Card, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { SalesCell } from '../SalesCell';
import { groupBelowFloor, groupDealPrice, groupItemPrices, groupTotal, type MealGroup, withoutItem } from './groups';
import { useMealMessages } from './messages';

/**
 * One set meal on the order: its items at in-meal prices with each one's share of the group's deal
 * price; the deal price editable only for a price-editable meal; items removable only from a
 * splittable meal (else the group goes as a whole); one department and one split for the group.
 */
export function MealGroupCard({
  group,
  rate,
  depts,
  onChange,
  onRemove,
}: {
  group: MealGroup;
  /** The user's discount rate (from the floor read), undefined while unknown. */
  rate: number | null | undefined;
  depts: { deptId: number; name: string }[];
  onChange: (g: MealGroup) => void;
  onRemove: () => void;
}) {
  const t = useMealMessages();
  const shares = groupItemPrices(group);
  const below = groupBelowFloor(group, rate);
  return (
    <Card
      size="small"
      data-testid="meal-group"
      style={{ marginTop: 8 }}
      title={
        <Space size={4} wrap>
          <span>{group.name}</span>
          <Tag>{group.splittable ? t('splittable') : t('whole')}</Tag>
          {group.priceEditable && <Tag color="blue">{t('editable')}</Tag>}
          <Typography.Text type="secondary">{t('total', { yuan: showFen(groupTotal(group)) })}</Typography.Text>
        </Space>
      }
      extra={
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('removeMeal')} ${group.name}`}
          onClick={onRemove}
        />
      }
    >
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={group.items}
        columns={[
          { title: t('item'), dataIndex: 'name' },
          { title: t('sessions'), dataIndex: 'sessions', align: 'right', width: 60 },
          { title: t('inMeal'), dataIndex: 'price', align: 'right', width: 100, render: fenToYuan },
          {
            title: t('share'),
            key: 'share',
            align: 'right',
            width: 100,
            render: (_: unknown, _i, k) => fenToYuan(shares[k] ?? 0),
          },
          {
            key: 'remove',
            width: 60,
            render: (_: unknown, item, k) =>
              group.splittable && group.items.length > 1 ? (
                <Button
                  size="small"
                  type="link"
                  aria-label={`${t('removeItem')} ${item.name}`}
                  onClick={() => onChange(withoutItem(group, k))}
                >
                  {t('removeItem')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Space wrap align="start" style={{ marginTop: 8 }}>
        <div>
          <div className="open-orders__sub">{t('dealPrice')}</div>
          <InputNumber<string>
            size="small"
            stringMode
            min="0"
            precision={2}
            disabled={!group.priceEditable}
            value={fenToYuan(groupDealPrice(group))}
            status={below ? 'warning' : undefined}
            aria-label={`${t('dealPrice')} ${group.name}`}
            style={{ width: 120 }}
            onChange={(v) => {
              const parsed = parseYuan(v ?? '');
              if (parsed.ok) onChange({ ...group, dealPrice: Math.min(parsed.fen, groupTotal(group)) });
            }}
          />
          {below && (
            <Typography.Text type="danger" className="open-orders__sub" data-testid="meal-below-floor">
              {t('belowFloor')}
            </Typography.Text>
          )}
        </div>
        <div>
          <div className="open-orders__sub">{t('dept')}</div>
          <Select
            size="small"
            allowClear
            placeholder={t('deptDefault')}
            value={group.deptId ?? undefined}
            aria-label={`${t('dept')} ${group.name}`}
            style={{ width: 120 }}
            options={depts.map((d) => ({ value: d.deptId, label: d.name }))}
            onChange={(v) => onChange({ ...group, deptId: v ?? null })}
          />
        </div>
        <SalesCell value={group.salespeople} onChange={(salespeople) => onChange({ ...group, salespeople })} />
      </Space>
    </Card>
  );
}
