import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { CrudToolbar, DeleteLink, useEditing } from '../crud-list';
import { usePagedList } from '../paged-list';
import { type QuizDetail, type QuizRow, quizApi, quizKeys } from './api';
import { useQuizMessages } from './messages';
import { QuizForm } from './QuizForm';
import { ResultsDrawer } from './ResultsDrawer';

const LIMIT = 15;

/** 考试管理: every quiz with its period and hand-ins (in my scope); create, edit, delete, results. */
export default function QuizzesPanel() {
  const t = useQuizMessages();
  const paged = usePagedList(LIMIT, (p) => ({ queryKey: quizKeys.quizzes(p), queryFn: () => quizApi.quizzes(p) }));
  const { editing, setEditing, refresh, done } = useEditing<QuizDetail>(quizKeys.all);
  const [results, setResults] = useState<QuizRow | null>(null);
  return (
    <>
      <CrudToolbar
        className="quiz-toolbar"
        placeholder={t('searchQuiz')}
        searchWidth={240}
        onSearch={paged.onSearch}
        create={{ label: t('newQuiz'), testId: 'quiz-new', onClick: () => setEditing('new') }}
      />
      <Table<QuizRow>
        rowKey="quizId"
        size="middle"
        loading={paged.list.isFetching}
        dataSource={paged.rows}
        locale={{ emptyText: t('emptyQuizzes') }}
        pagination={{ ...paged.pagination, hideOnSinglePage: true }}
        columns={[
          {
            title: t('quizTitle'),
            key: 'title',
            render: (_, q) => (
              <div className="quiz-cell">
                <div>
                  {q.title} <Tag>{t(`phase${q.phase}` as 'phase1')}</Tag>
                </div>
                <Typography.Text type="secondary">
                  {showTime(q.startTime)} ~ {showTime(q.endTime)}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('timeLimit'),
            key: 'limit',
            width: 180,
            render: (_, q) => (
              <div className="quiz-cell">
                <div>{t('minutes', { n: q.timeLimit })}</div>
                <Typography.Text type="secondary">
                  {t('questionCount')} {q.questionCount} · {t('passScore')} {q.passScore}/{q.totalScore}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('takers'),
            key: 'takers',
            width: 150,
            render: (_, q) => t('takersValue', { done: q.submittedCount, all: q.assignedCount }),
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 170,
            render: (_, q) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setResults(q)} data-testid={`quiz-results-${q.quizId}`}>
                  {t('results')}
                </Button>
                <Button type="link" size="small" onClick={async () => setEditing(await quizApi.info(q.quizId))}>
                  {t('edit')}
                </Button>
                <DeleteLink
                  confirm={t('deleteQuizConfirm')}
                  label={t('delete')}
                  done={t('deleted')}
                  onDelete={() => quizApi.deleteQuiz(q.quizId)}
                  onDeleted={refresh}
                />
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && <QuizForm editing={editing} onDone={done} />}
      <ResultsDrawer quiz={results} onClose={() => setResults(null)} />
    </>
  );
}
