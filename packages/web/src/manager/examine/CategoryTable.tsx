import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Space, Switch, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useDeptLookup } from '@/components/dynamic-form';
import { CellLines, RowActions } from '@/components/table';
import { showTime } from '@/shell/time';
import { CategoryIcon } from '@/workbench/examine/category-icon';
import type { AdminCategory } from './api';
import { FlowSummary } from './flow-summary';
import { useCategoryMessages } from './messages';

/** Below this the table scrolls sideways; at 1366 px screens it fits without (e2e/tests/layout.test.ts). */
const TABLE_MIN_WIDTH = 1000;

function Visibility({ c }: { c: AdminCategory }) {
  const t = useCategoryMessages();
  const depts = useDeptLookup(c.visibleDeptIds.length > 0);
  const names = [
    ...c.visibleDeptIds.map((id) => depts.get(id)?.name ?? `#${id}`),
    ...c.visibleUsers.map((u) => u.realname),
  ];
  if (names.length === 0) return <Typography.Text type="secondary">{t('everyone')}</Typography.Text>;
  return (
    <Typography.Text ellipsis={{ tooltip: names.join('、') }} style={{ maxWidth: 130 }}>
      {names.join('、')}
    </Typography.Text>
  );
}

/** The categories in their order; rows can be dragged or moved up and down when not searching. */
export function CategoryTable({
  rows,
  loading,
  sortable,
  onMove,
  onToggle,
  onEdit,
  onFields,
  onDelete,
}: {
  rows: AdminCategory[];
  loading: boolean;
  sortable: boolean;
  onMove: (from: number, to: number) => void;
  onToggle: (c: AdminCategory, on: boolean) => void;
  onEdit: (c: AdminCategory) => void;
  onFields: (c: AdminCategory) => void;
  onDelete: (c: AdminCategory) => void;
}) {
  const t = useCategoryMessages();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const columns: TableColumnsType<AdminCategory> = [
    {
      title: '',
      key: 'sort',
      width: 88,
      render: (_, __, i) => (
        <Space size={0}>
          <Tooltip title={sortable ? t('dragHint') : t('sortSearching')}>
            <HolderOutlined className="exa-drag-handle" />
          </Tooltip>
          <Button
            type="text"
            size="small"
            aria-label={t('moveUp')}
            icon={<ArrowUpOutlined />}
            disabled={!sortable || i === 0}
            onClick={() => onMove(i, i - 1)}
          />
          <Button
            type="text"
            size="small"
            aria-label={t('moveDown')}
            icon={<ArrowDownOutlined />}
            disabled={!sortable || i === rows.length - 1}
            onClick={() => onMove(i, i + 1)}
          />
        </Space>
      ),
    },
    {
      title: t('name'),
      key: 'title',
      width: 220,
      render: (_, c) => (
        <div className="exa-cat-title">
          <CategoryIcon icon={c.icon} title={c.title} size={32} />
          <div className="exa-cat-title__text">
            <Space size={4}>
              <Typography.Text strong>{c.title}</Typography.Text>
              {c.isSystem && <Tag color="blue">{t('system')}</Tag>}
            </Space>
            {c.remarks && (
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 180 }}>
                {c.remarks}
              </Typography.Text>
            )}
          </div>
        </div>
      ),
    },
    { title: t('className'), dataIndex: 'className', width: 90, ellipsis: true, render: (v: string) => v || '—' },
    { title: t('flow'), key: 'flow', render: (_, c) => <FlowSummary category={c} /> },
    { title: t('visibility'), key: 'visibility', width: 150, render: (_, c) => <Visibility c={c} /> },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number, c) => (
        <Switch
          size="small"
          checked={v === 1}
          aria-label={t('status')}
          checkedChildren={t('enabled')}
          unCheckedChildren={t('disabled')}
          onChange={(on) => onToggle(c, on)}
        />
      ),
    },
    {
      title: t('updateTime'),
      dataIndex: 'updateTime',
      width: 96,
      render: (v: string) => <CellLines main={showTime(v, 'YYYY-MM-DD')} sub={showTime(v, 'HH:mm')} />,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, c) => (
        <RowActions
          inline={3}
          actions={[
            { key: 'edit', label: t('editShort'), onClick: () => onEdit(c) },
            { key: 'fields', label: t('editFields'), onClick: () => onFields(c) },
            ...(c.isSystem ? [] : [{ key: 'delete', label: t('delete'), danger: true, onClick: () => onDelete(c) }]),
          ]}
        />
      ),
    },
  ];

  return (
    <Table<AdminCategory>
      rowKey="categoryId"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: TABLE_MIN_WIDTH }}
      rowClassName={(_, i) => (i === dragging ? 'exa-row-dragging' : i === over ? 'exa-row-over' : '')}
      onRow={(_, index) => ({
        draggable: sortable,
        onDragStart: (e: React.DragEvent) => {
          e.dataTransfer.effectAllowed = 'move';
          setDragging(index ?? null);
        },
        onDragOver: (e: React.DragEvent) => {
          if (dragging === null) return;
          e.preventDefault();
          setOver(index ?? null);
        },
        onDragEnd: () => {
          setDragging(null);
          setOver(null);
        },
        onDrop: (e: React.DragEvent) => {
          e.preventDefault();
          if (dragging !== null && index !== undefined && dragging !== index) onMove(dragging, index);
          setDragging(null);
          setOver(null);
        },
      })}
    />
  );
}
