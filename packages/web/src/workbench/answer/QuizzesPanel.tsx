import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { type QuizDetail, type QuizRow, quizApi, quizKeys } from './api';
import { useQuizMessages } from './messages';
import { QuizForm } from './QuizForm';
import { ResultsDrawer } from './ResultsDrawer';

const LIMIT = 15;

/** 考试管理: every quiz with its period and hand-ins (in my scope); create, edit, delete, results. */
export default function QuizzesPanel() {
  const t = useQuizMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<QuizDetail | 'new' | null>(null);
  const [results, setResults] = useState<QuizRow | null>(null);
  const p = { page, limit: LIMIT, search };
  const list = useQuery({ queryKey: quizKeys.quizzes(p), queryFn: () => quizApi.quizzes(p) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: quizKeys.all });
  return (
    <>
      <div className="quiz-toolbar">
        <Input.Search
          allowClear
          placeholder={t('searchQuiz')}
          style={{ width: 240 }}
          onSearch={(s) => {
            setSearch(s.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setEditing('new')} data-testid="quiz-new">
          {t('newQuiz')}
        </Button>
      </div>
      <Table<QuizRow>
        rowKey="quizId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('emptyQuizzes') }}
        pagination={{
          current: page,
          pageSize: LIMIT,
          total: list.data?.totalRow ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
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
                <Popconfirm
                  title={t('deleteQuizConfirm')}
                  onConfirm={async () => {
                    await quizApi.deleteQuiz(q.quizId);
                    message.success(t('deleted'));
                    await refresh();
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {/* Mounted per opening: each new quiz gets its own form and batch. */}
      {editing !== null && (
        <QuizForm
          editing={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      )}
      <ResultsDrawer quiz={results} onClose={() => setResults(null)} />
    </>
  );
}
