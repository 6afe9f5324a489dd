import { Space, Tag, Timeline, Typography } from 'antd';
import { UserAvatar } from '@/components/member-picker';
import { useSession } from '@/shell/session';
import type { FlowInfo } from '../api';
import { stepNeedsUsers, stepTypeKey, useFlowWords } from '../flow-words';
import { useCreateMessages } from './messages';

/** A fixed flow, read-only (spec 2.11): the applicant, then each step with its type and people. */
export function FlowPreview({ flow }: { flow: FlowInfo }) {
  const t = useCreateMessages();
  const w = useFlowWords();
  const { user } = useSession();
  const steps = flow.examineSteps;
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
            color: 'blue',
            content: (
              <div className="exm-flow-step" data-testid="flow-preview-step">
                <Space size={8}>
                  <Typography.Text strong>{w(stepTypeKey(s.stepType))}</Typography.Text>
                  {s.stepType === 2 && <Tag color="blue">{w('stepHint2')}</Tag>}
                  {s.stepType === 3 && <Tag color="purple">{w('stepHint3')}</Tag>}
                </Space>
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
