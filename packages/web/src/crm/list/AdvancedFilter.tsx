import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldDefinition, FilterCondition } from '@crm/shared';
import { App, Button, Checkbox, DatePicker, Input, InputNumber, Modal, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { FilterData, ListColumn } from '../api';
import { useCrmMessages } from '../messages';
import {
  conditionsOf,
  type FilterRow,
  needsValue,
  rowComplete,
  toFilterData,
  toFilterRows,
  type ValueKind,
  valueKindOf,
} from './filter';

const mapValue = (v: unknown, f: (x: unknown) => unknown) => (Array.isArray(v) ? v.map(f) : v === undefined ? v : f(v));

export type SceneDraft = { name: string; isDefault: boolean };

/**
 * 高级筛选: rows of field, condition and value, sent as the list's `data`
 * (`{field: {name, condition, value, formType}}`); optionally saved as a scene of the user.
 */
export function AdvancedFilter({
  open,
  columns,
  fields,
  value,
  encode,
  decode,
  onClose,
  onApply,
}: {
  open: boolean;
  columns: ListColumn[];
  fields: FieldDefinition[];
  value: FilterData;
  /** A choice's words → the wire value of a coded field, and back (codes.ts). */
  encode: (field: string, value: unknown) => unknown;
  decode: (field: string, value: unknown) => unknown;
  onClose: () => void;
  onApply: (data: FilterData, scene?: SceneDraft) => Promise<void> | void;
}) {
  const t = useCrmMessages();
  const { message } = App.useApp();
  const [rows, setRows] = useState<FilterRow[]>(() => {
    const saved = toFilterRows(value).map((r) => ({ ...r, value: mapValue(r.value, (v) => decode(r.field!, v)) }));
    return saved.length > 0 ? saved : [{ condition: 'is' }];
  });
  const [asScene, setAsScene] = useState(false);
  const [scene, setScene] = useState<SceneDraft>({ name: '', isDefault: false });
  const [busy, setBusy] = useState(false);

  const optionsOf = (key?: string) => fields.find((f) => f.fieldName === key)?.options ?? [];
  const kindOf = (key?: string): ValueKind => {
    const col = columns.find((c) => c.key === key);
    return valueKindOf(col?.formType ?? 'text', optionsOf(key).length > 0);
  };
  const update = (i: number, patch: Partial<FilterRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const apply = async () => {
    const filled = rows.filter((r) => r.field || r.value !== undefined);
    if (filled.some((r) => !rowComplete(r))) {
      message.warning(t('filterIncomplete'));
      return;
    }
    if (asScene && !scene.name.trim()) {
      message.warning(t('sceneName'));
      return;
    }
    setBusy(true);
    try {
      const sent = filled.map((r) => ({ ...r, value: mapValue(r.value, (v) => encode(r.field ?? '', v)) }));
      await onApply(toFilterData(sent, columns), asScene ? { ...scene, name: scene.name.trim() } : undefined);
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const valueInput = (r: FilterRow, i: number) => {
    if (!needsValue(r.condition)) return <span className="crm-filter__novalue" />;
    const kind = kindOf(r.field);
    const common = { 'aria-label': t('value'), style: { width: 220 } };
    if (kind === 'number')
      return (
        <InputNumber
          {...common}
          value={r.value as number | undefined}
          onChange={(v) => update(i, { value: v ?? undefined })}
        />
      );
    if (kind === 'date')
      return (
        <DatePicker
          {...common}
          value={typeof r.value === 'string' && r.value ? dayjs(r.value) : null}
          onChange={(d) => update(i, { value: d ? d.format('YYYY-MM-DD') : undefined })}
        />
      );
    if (kind === 'choice')
      return (
        <Select
          {...common}
          mode={r.condition === 'in' ? 'multiple' : undefined}
          value={r.value as string | string[] | undefined}
          options={optionsOf(r.field).map((o) => ({ value: o, label: o }))}
          onChange={(v) => update(i, { value: v })}
        />
      );
    return (
      <Input
        {...common}
        placeholder={r.condition === 'in' ? t('inTips') : undefined}
        value={(r.value as string | undefined) ?? ''}
        onChange={(e) => update(i, { value: e.target.value })}
      />
    );
  };

  return (
    <Modal
      open={open}
      title={t('filter')}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={apply} data-testid="filter-apply">
          {t('ok')}
        </Button>,
      ]}
    >
      <div className="crm-filter" data-testid="crm-filter">
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
          <Space key={i} className="crm-filter__row" data-testid="filter-row">
            <Select
              aria-label={t('field')}
              style={{ width: 180 }}
              showSearch
              optionFilterProp="label"
              value={r.field}
              placeholder={t('field')}
              options={columns.map((c) => ({ value: c.key, label: c.name }))}
              onChange={(field) => {
                const allowed = conditionsOf(kindOf(field));
                update(i, { field, value: undefined, condition: allowed.includes(r.condition) ? r.condition : 'is' });
              }}
            />
            <Select<FilterCondition>
              aria-label={t('condition')}
              style={{ width: 140 }}
              value={r.condition}
              options={conditionsOf(kindOf(r.field)).map((c) => ({ value: c, label: t(c) }))}
              onChange={(condition) =>
                update(i, { condition, value: condition === 'in' || r.condition === 'in' ? undefined : r.value })
              }
            />
            {valueInput(r, i)}
            <Button
              aria-label={t('removeCondition')}
              icon={<DeleteOutlined />}
              onClick={() => setRows(rows.length > 1 ? rows.filter((_, j) => j !== i) : [{ condition: 'is' }])}
            />
          </Space>
        ))}
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => setRows([...rows, { condition: 'is' }])}>
          {t('addCondition')}
        </Button>
        <div className="crm-filter__scene">
          <Checkbox checked={asScene} onChange={(e) => setAsScene(e.target.checked)}>
            {t('saveAsScene')}
          </Checkbox>
          {asScene && (
            <Space>
              <Input
                aria-label={t('sceneName')}
                placeholder={t('sceneName')}
                maxLength={50}
                value={scene.name}
                onChange={(e) => setScene({ ...scene, name: e.target.value })}
              />
              <Checkbox checked={scene.isDefault} onChange={(e) => setScene({ ...scene, isDefault: e.target.checked })}>
                {t('setDefault')}
              </Checkbox>
            </Space>
          )}
        </div>
      </div>
    </Modal>
  );
}
