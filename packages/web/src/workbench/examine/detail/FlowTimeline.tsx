import { Tag, Timeline, Typography } from 'antd';
import { UserAvatar } from '@/components/member-picker';
import { getLang } from '@/i18n';
import { showTime } from '@/shell/time';
import type { ExamineDetail, FlowStep, FlowTask, HistoryEntry } from '../api';
import { chineseOrdinal } from '../create/messages';
import { useFlowMessages } from './flow-messages';

type FM = ReturnType<typeof useFlowMessages>;

/** A step's name; `level` numbers the chosen approvers (第一级审批人 …). */
export function stepLabel(step: Pick<FlowStep, 'kind' | 'mode' | 'origin'>, fm: FM, level?: number): string {
  if (step.origin === 'chosen')
    return level ? fm('step_level', { n: getLang() === 'zh' ? chineseOrdinal(level) : level }) : fm('step_chosen');
  if (step.origin === 'next') return fm('step_next');
  if (step.origin === 'addBefore' || step.origin === 'addAfter') return fm('step_add');
  if (step.kind === 'supervisor') return fm('step_supervisor');
  if (step.kind === 'previousSupervisor') return fm('step_previousSupervisor');
  return step.mode === 'or' ? fm('step_or') : fm('step_and');
}

const taskColor: Record<string, string> = {
  waiting: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  closed: 'default',
  transferred: 'warning',
};

function stepColor(step: FlowStep): string {
  const live = step.tasks.filter((t) => !t.superseded);
  if (live.some((t) => t.status === 'rejected')) return 'red';
  if (step.isCurrent) return 'blue';
  if (live.length && live.every((t) => t.status === 'approved' || t.status === 'closed' || t.status === 'transferred'))
    return 'green';
  return 'gray';
}

/** The position of a chosen-approver step among the chosen ones (1-based). */
export const levelOf = (flow: FlowStep[], step: FlowStep) =>
  step.origin === 'chosen' ? flow.filter((s) => s.origin === 'chosen').indexOf(step) + 1 : undefined;

/** When a task's person acted: the latest matching entry of the history. */
function actedAt(history: HistoryEntry[], round: number, stepId: number, task: FlowTask) {
  const hit = [...history]
    .reverse()
    .find(
      (h) => h.round === round && h.stepId === stepId && h.user?.userId === task.user?.userId && h.kind !== 'submit',
    );
  return hit?.time ? showTime(hit.time, 'MM-DD HH:mm') : null;
}

function TaskRow({ task, time }: { task: FlowTask; time: string | null }) {
  const fm = useFlowMessages();
  const name = task.user?.realname ?? fm('nobody');
  return (
    <div className="exm-task" data-testid="flow-task">
      <div className="exm-task__line">
        <UserAvatar name={name} img={task.user?.img} size={24} />
        <span className="exm-task__name">{name}</span>
        <Tag color={taskColor[task.status]}>{fm(`task_${task.status}`)}</Tag>
        {time && <span className="exm-task__time">{time}</span>}
      </div>
      {task.reason && <div className="exm-task__reason">{fm(`reason_${task.reason}`)}</div>}
      {task.from && task.status !== 'transferred' && (
        <div className="exm-task__reason">{fm('fromUser', { name: task.from.realname })}</div>
      )}
      {task.remarks && <div className="exm-task__remarks">{task.remarks}</div>}
    </div>
  );
}

/** A step that has not started: the people it names, or who it will resolve to. */
function NotStarted({ step }: { step: FlowStep }) {
  const fm = useFlowMessages();
  if (step.skipped)
    return (
      <Typography.Text type="secondary" className="exm-step__hint" data-testid="flow-step-skipped">
        {fm('reason_conditionUnmet')}
      </Typography.Text>
    );
  if (step.users.length === 0)
    return (
      <Typography.Text type="secondary" className="exm-step__hint">
        {step.kind === 'previousSupervisor' ? fm('hint_previousSupervisor') : fm('hint_supervisor')}
      </Typography.Text>
    );
  return (
    <div className="exm-task__people">
      {step.users.map((u) => (
        <span key={u.userId} className="exm-person exm-person--waiting">
          <UserAvatar name={u.realname} img={u.img} size={22} /> {u.realname}
        </span>
      ))}
      <Tag>{fm('task_waiting')}</Tag>
    </div>
  );
}

/** The current round as a timeline: the applicant, each step with its tasks, and the outcome. */
export function FlowTimeline({ detail }: { detail: ExamineDetail }) {
  const fm = useFlowMessages();
  const submitted = [...detail.history].reverse().find((h) => h.kind === 'submit' && h.round === detail.round);
  const end: Record<number, { text: string; color: string }> = {
    1: { text: fm('end_approved'), color: 'green' },
    2: { text: fm('end_rejected'), color: 'red' },
    4: { text: fm('end_withdrawn'), color: 'gray' },
    5: { text: fm('end_returned'), color: 'orange' },
  };
  const outcome = end[detail.status];
  return (
    <Timeline
      className="exm-timeline"
      data-testid="flow-timeline"
      items={[
        {
          key: 'submit',
          color: 'green',
          content: (
            <div className="exm-step">
              <div className="exm-step__title">
                {detail.round > 1 ? fm('resubmit') : fm('applicantSubmitted')}
                {submitted?.time && <span className="exm-task__time">{showTime(submitted.time)}</span>}
              </div>
              <div className="exm-task__line">
                <UserAvatar name={detail.createUser?.realname ?? ''} img={detail.createUser?.img} size={24} />
                <span className="exm-task__name">{detail.createUser?.realname}</span>
              </div>
            </div>
          ),
        },
        ...detail.flow.map((step) => {
          const tasks = step.tasks.filter((t) => !t.superseded);
          return {
            key: `s${step.stepId}`,
            color: stepColor(step),
            content: (
              <div className={step.isCurrent ? 'exm-step exm-step--current' : 'exm-step'} data-testid="flow-step">
                <div className="exm-step__title">
                  {stepLabel(step, fm, levelOf(detail.flow, step))}
                  {step.kind === 'users' && tasks.length > 1 && (
                    <Typography.Text type="secondary" className="exm-step__hint">
                      {step.mode === 'or' ? fm('orHint') : fm('andHint')}
                    </Typography.Text>
                  )}
                </div>
                {tasks.map((task) => (
                  <TaskRow key={task.seq} task={task} time={actedAt(detail.history, detail.round, step.stepId, task)} />
                ))}
                {tasks.length === 0 && <NotStarted step={step} />}
              </div>
            ),
          };
        }),
        ...(outcome
          ? [{ key: 'end', color: outcome.color, content: <div className="exm-step__title">{outcome.text}</div> }]
          : []),
      ]}
    />
  );
}
