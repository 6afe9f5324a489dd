import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, InputNumber, Table } from 'antd';
import { useState } from 'react';
import { SubmitModal } from '@/components/form/SubmitModal';
import type { ListColumn } from '../api';
import { useCrmMessages } from '../messages';

export type ColumnSetting = { key: string; width?: number; hidden: boolean };

/** 列设置: the user's order, width and visibility of the list's columns, saved with setListHead. */
export function ColumnSettings({
  open,
  columns,
  onClose,
  onSave,
}: {
  open: boolean;
  columns: ListColumn[];
  onClose: () => void;
  onSave: (columns: ColumnSetting[]) => Promise<void>;
}) {
  const t = useCrmMessages();
  const [rows, setRows] = useState(() =>
    columns.map((c) => ({ key: c.key, name: c.name, width: c.width ?? undefined, hidden: c.hidden })),
  );
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    setRows(next);
  };
  const patch = (key: string, p: Partial<(typeof rows)[number]>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const save = () => onSave(rows.map(({ key, width, hidden }) => ({ key, hidden, ...(width ? { width } : {}) })));
  return (
    <SubmitModal
      open={open}
      title={t('columns')}
      onCancel={onClose}
      onSubmit={save}
      okText={t('save')}
      cancelText={t('cancel')}
      okTestId="columns-save"
    >
      <Table
        data-testid="column-settings"
        size="small"
        rowKey="key"
        pagination={false}
        scroll={{ y: 420 }}
        dataSource={rows}
        columns={[
          {
            title: t('show'),
            width: 60,
            render: (_, r) => (
              <Checkbox
                aria-label={r.name}
                checked={!r.hidden}
                onChange={(e) => patch(r.key, { hidden: !e.target.checked })}
              />
            ),
          },
          { title: t('field'), dataIndex: 'name' },
          {
            title: t('width'),
            width: 110,
            render: (_, r) => (
              <InputNumber
                size="small"
                min={40}
                max={1000}
                value={r.width}
                onChange={(v) => patch(r.key, { width: v ?? undefined })}
              />
            ),
          },
          {
            title: '',
            width: 80,
            render: (_, __, i) => (
              <>
                <Button
                  size="small"
                  type="text"
                  aria-label={t('moveUp')}
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  aria-label={t('moveDown')}
                  icon={<ArrowDownOutlined />}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                />
              </>
            ),
          },
        ]}
      />
    </SubmitModal>
  );
}
