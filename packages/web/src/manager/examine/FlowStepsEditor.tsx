import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { StepCondition } from '@crm/shared';
import { Button, Select, Tooltip, Typography } from 'antd';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import type { StepType } from '@/workbench/examine/api';
import type { FactOption } from '@/workbench/examine/condition-words';
import { stepHintKey, stepNeedsUsers, stepTypeKey, stepTypes, useFlowWords } from '@/workbench/examine/flow-words';
import { useCategoryMessages } from './messages';
import { StepConditionEditor } from './StepConditionEditor';

export type StepDraft = { stepType: StepType; users: PickedUser[]; condition?: StepCondition | null };
export const MAX_STEPS = 20;

/** The ordered steps of a fixed flow: add, remove, reorder; 或签 and 会签 steps name their people. */
export function FlowStepsEditor({
  value,
  onChange,
  id,
  facts = [],
}: {
  value?: StepDraft[];
  onChange?: (steps: StepDraft[]) => void;
  id?: string;
  /** What a step's condition may read (condition-words.ts); none: no conditions offered. */
  facts?: FactOption[];
}) {
  const t = useCategoryMessages();
  const w = useFlowWords();
  const steps = value ?? [];
  const set = (next: StepDraft[]) => onChange?.(next);
  const patch = (i: number, p: Partial<StepDraft>) => set(steps.map((s, j) => (j === i ? { ...s, ...p } : s)));
  const swap = (i: number, to: number) => {
    const next = [...steps];
    [next[i], next[to]] = [next[to]!, next[i]!];
    set(next);
  };
  const op = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
  return (
    <div className="exa-steps" id={id} data-testid="flow-steps">
      {steps.length === 0 && <Typography.Text type="secondary">{t('noSteps')}</Typography.Text>}
      {steps.map((s, i) => (
        // Steps have no id until saved; the position is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className="exa-step" data-testid="flow-step">
          <div className="exa-step__index">{i + 1}</div>
          <div className="exa-step__body">
            <div className="exa-step__head">
              <Select<StepType>
                aria-label={t('step', { n: i + 1 })}
                value={s.stepType}
                style={{ width: 200 }}
                options={stepTypes.map((st) => ({ value: st, label: w(stepTypeKey(st)) }))}
                onChange={(stepType) => patch(i, { stepType, users: stepNeedsUsers(stepType) ? s.users : [] })}
              />
              <Typography.Text type="secondary" className="exa-step__hint">
                {w(stepHintKey(s.stepType))}
              </Typography.Text>
              <span className="exa-step__ops">
                {op(t('moveUp'), <ArrowUpOutlined />, () => swap(i, i - 1), i === 0)}
                {op(t('moveDown'), <ArrowDownOutlined />, () => swap(i, i + 1), i === steps.length - 1)}
                {op(t('delete'), <DeleteOutlined />, () => set(steps.filter((_, j) => j !== i)))}
              </span>
            </div>
            {stepNeedsUsers(s.stepType) && (
              <div className="exa-step__users">
                <MemberSelect
                  value={s.users}
                  title={t('stepUsers')}
                  placeholder={t('stepUsers')}
                  onChange={(users) => patch(i, { users })}
                />
              </div>
            )}
            {facts.length > 0 && (
              <StepConditionEditor
                index={i}
                value={s.condition}
                facts={facts}
                onChange={(condition) => patch(i, { condition })}
              />
            )}
          </div>
        </div>
      ))}
      {steps.length < MAX_STEPS && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => set([...steps, { stepType: 1, users: [] }])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('addStep')}
        </Button>
      )}
    </div>
  );
}
