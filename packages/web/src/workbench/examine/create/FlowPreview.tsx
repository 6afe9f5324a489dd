import { APPLICANT_DEPT } from '@crm/shared';
import { Space, Tag, Timeline, Typography } from 'antd';
import { UserAvatar } from '@/components/member-picker';
import { useSession } from '@/shell/session';
import type { FlowInfo } from '../api';
import { describeCondition, useConditionWords } from '../condition-words';
import { stepNeedsUsers, stepTypeKey, useFlowWords } from '../flow-words';
import { useCreateMessages } from './messages';

/**
 * A fixed flow, read-only (spec 2.11): the applicant, then each step with its type and people. A
 * conditional step says its condition; in a live preview (`applies` known) a step the form's
 * values leave out is shown struck through as skipped.
 */
export function FlowPreview({ flow }: { flow: FlowInfo }) {
  const t = useCreateMessages();
  const w = useFlowWords();
  const { user } = useSession();
  const steps = flow.examineSteps;
  const cw = useConditionWords();
  type Shown = NonNullable<FlowInfo['examineSteps'][number]['condition']>;
  const conditionText = (c: Shown) =>
    describeCondition(
      c,
      cw,
      (key) => (key === APPLICANT_DEPT ? cw('applicantDept') : c.factLabel),
      (id) => {
        const at = (Array.isArray(c.value) ? c.value : [c.value]).map(Number).indexOf(id);
        return c.valueLabels?.[at] ?? `#${id}`;
      },
    );
  const who = (stepType: number, i: number) => {
    if (stepType === 4) return t('previousSupervisor');
    // The first supervisor step is the applicant's own supervisor: name them.
    if (i === steps.findIndex((s) => s.stepType === 1))
      return user.parentName ? `${t('supervisorOf')}（${user.parentName}）` : t('noSupervisor');
    return t('supervisorOf');
  };
  return (
    <div data-testid="flow-preview">
      <Typography.Paragraph type="secondary">{steps.length ? t('fixedHint') : t('noSteps')}</Typography.Paragraph>
      <Timeline
        className="exm-flow-preview"
        items={[
          {
            key: 'applicant',
            color: 'gray',
            content: (
              <Space size={8}>
                <Typography.Text strong>{t('applicantNode')}</Typography.Text>
                <UserAvatar name={user.realname} img={user.img} size={20} />
                <span>{user.realname}</span>
              </Space>
            ),
          },
          ...steps.map((s, i) => ({
            key: `step${i}`,
            color: s.applies === false ? 'gray' : 'blue',
            content: (
              <div
                className={s.applies === false ? 'exm-flow-step exm-flow-step--skipped' : 'exm-flow-step'}
                data-testid="flow-preview-step"
              >
                <Space size={8}>
                  <Typography.Text strong delete={s.applies === false}>
                    {w(stepTypeKey(s.stepType))}
                  </Typography.Text>
                  {s.stepType === 2 && <Tag color="blue">{w('stepHint2')}</Tag>}
                  {s.stepType === 3 && <Tag color="purple">{w('stepHint3')}</Tag>}
                  {s.applies === false && <Tag data-testid="flow-preview-skipped">{cw('skipped')}</Tag>}
                </Space>
                {s.condition && (
                  <Typography.Text type="secondary" className="exm-flow-step__condition">
                    {cw('when', { text: conditionText(s.condition) })}
                  </Typography.Text>
                )}
                <div className="exm-flow-step__people">
                  {stepNeedsUsers(s.stepType) ? (
                    s.userList.map((u) => (
                      <span key={u.userId} className="exm-person">
                        <UserAvatar name={u.realname} size={20} /> {u.realname}
                      </span>
                    ))
                  ) : (
                    <Typography.Text type="secondary">{who(s.stepType, i)}</Typography.Text>
                  )}
                </div>
              </div>
            ),
          })),
        ]}
      />
    </div>
  );
}
