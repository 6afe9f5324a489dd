import { authHas } from '@crm/shared';
import { Card, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useSession } from '@/shell/session';
import { paramOneOf, useUrlParams } from '@/shell/url-params';
import { MyQuizzes } from './MyQuizzes';
import { useQuizMessages } from './messages';
import './answer.css';

const BanksPanel = lazy(() => import('./BanksPanel'));
const QuizzesPanel = lazy(() => import('./QuizzesPanel'));

const tabs = ['mine', 'quizzes', 'banks'] as const;

/**
 * /workbench/answer (spec 2.3, quizzes): 我的考试 for everyone who takes quizzes; 考试管理 and 题库
 * for those who run them (oa:quiz:manage). The server checks every call the same way.
 */
export default function AnswerPage() {
  const t = useQuizMessages();
  const { auth } = useSession();
  const [params, setParam] = useUrlParams();
  const canTake = authHas(auth, 'oa.quiz.take');
  const canManage = authHas(auth, 'oa.quiz.manage');
  const shown = tabs.filter((k) => (k === 'mine' ? canTake : canManage));
  const tab = paramOneOf(params, 'tab', shown, shown[0] ?? 'mine');
  const label = { mine: t('myTab'), quizzes: t('quizzesTab'), banks: t('banksTab') };
  const body = { mine: <MyQuizzes />, quizzes: <QuizzesPanel />, banks: <BanksPanel /> };
  return (
    <Card className="quiz-page" title={t('title')}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParam({ tab: k })}
        destroyOnHidden
        items={shown.map((k) => ({ key: k, label: label[k], children: <Suspense>{body[k]}</Suspense> }))}
      />
    </Card>
  );
}
