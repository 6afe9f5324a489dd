import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import type { ConditionOp, StepCondition } from '@crm/shared';
import { Button, InputNumber, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useDeptTree } from '@/components/member-picker';
import { type FactOption, opsFor, useConditionWords } from '@/workbench/examine/condition-words';
import { useCategoryMessages } from './messages';

type DeptNode = { id: number; name: string; children?: DeptNode[] };
const flatten = (nodes: DeptNode[], depth = 0): { value: number; label: string }[] =>
  nodes.flatMap((n) => [
    { value: n.id, label: `${'　'.repeat(depth)}${n.name}` },
    ...flatten(n.children ?? [], depth + 1),
  ]);

/** A step's condition: which fact of the form, an operator, a value (a number, choices or departments). */
export function StepConditionEditor({
  value,
  onChange,
  facts,
  index,
}: {
  value: StepCondition | null | undefined;
  onChange: (c: StepCondition | null) => void;
  facts: FactOption[];
  index: number;
}) {
  const t = useCategoryMessages();
  const w = useConditionWords();
  const tree = useDeptTree(Boolean(value));
  const depts = useMemo(() => flatten((tree.data ?? []) as DeptNode[]), [tree.data]);

  if (!value) {
    return (
      <Button
        type="link"
        size="small"
        icon={<FilterOutlined />}
        onClick={() => onChange({ fact: facts[0]!.key, op: opsFor(facts[0]!.kind)[0]!, value: [] })}
        data-testid="add-condition"
      >
        {t('addCondition')}
      </Button>
    );
  }
  const fact = facts.find((f) => f.key === value.fact);
  const kind = fact?.kind ?? 'choice';
  const list = (Array.isArray(value.value) ? value.value : [value.value]).filter((v) => v !== '');
  const setFact = (key: string) => {
    const next = facts.find((f) => f.key === key)!;
    onChange({ fact: key, op: opsFor(next.kind)[0]!, value: next.kind === 'number' ? '' : [] });
  };
  // eq and neq compare one value; in and notIn a set.
  const setOp = (op: ConditionOp) =>
    onChange({
      ...value,
      op,
      value: kind === 'number' ? value.value : op === 'eq' || op === 'neq' ? (list[0] ?? '') : list,
    });
  const single = value.op === 'eq' || value.op === 'neq';

  return (
    <div className="exa-step__condition" data-testid="step-condition">
      <Typography.Text type="secondary">{t('conditionWhen')}</Typography.Text>
      <Space wrap size={6}>
        <Select
          aria-label={t('conditionFact', { n: index + 1 })}
          value={fact ? value.fact : undefined}
          placeholder={w('unknownFact')}
          style={{ width: 150 }}
          options={facts.map((f) => ({ value: f.key, label: f.label }))}
          onChange={setFact}
        />
        <Select<ConditionOp>
          aria-label={t('conditionOp', { n: index + 1 })}
          value={value.op}
          style={{ width: 110 }}
          options={opsFor(kind).map((op) => ({ value: op, label: w(`op_${op}`) }))}
          onChange={setOp}
        />
        {kind === 'number' ? (
          <InputNumber
            aria-label={t('conditionValue', { n: index + 1 })}
            value={typeof value.value === 'number' || typeof value.value === 'string' ? value.value : undefined}
            style={{ width: 140 }}
            onChange={(v) => onChange({ ...value, value: v ?? '' })}
          />
        ) : kind === 'dept' ? (
          <Select<number[]>
            aria-label={t('conditionValue', { n: index + 1 })}
            mode="multiple"
            value={list.map(Number)}
            loading={tree.isLoading}
            style={{ minWidth: 220 }}
            placeholder={t('conditionDepts')}
            optionFilterProp="label"
            options={depts}
            onChange={(ids) => onChange({ ...value, value: ids })}
          />
        ) : (
          <Select<string | string[]>
            aria-label={t('conditionValue', { n: index + 1 })}
            mode={single ? (fact?.options ? undefined : 'tags') : fact?.options ? 'multiple' : 'tags'}
            maxCount={single && !fact?.options ? 1 : undefined}
            value={single ? (list[0] === undefined ? undefined : String(list[0])) : list.map(String)}
            style={{ minWidth: 200 }}
            placeholder={t('conditionChoices')}
            options={(fact?.options ?? []).map((o) => ({ value: o, label: o }))}
            onChange={(v) => onChange({ ...value, value: single ? (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')) : v })}
          />
        )}
        <Button
          type="text"
          size="small"
          aria-label={t('removeCondition')}
          icon={<CloseOutlined />}
          onClick={() => onChange(null)}
        />
      </Space>
    </div>
  );
}
