import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type QuizBankRow, type QuizQuestionRow, quizApi, quizKeys } from './api';
import { BankForm } from './BankForm';
import { letters, useQuizMessages } from './messages';
import { QuestionForm } from './QuestionForm';

const LIMIT = 15;

/** A bank's questions: type, text, the right answer and points, edited in a dialog. */
function Questions({ bank }: { bank: QuizBankRow }) {
  const t = useQuizMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<QuizQuestionRow | 'new' | null>(null);
  const p = { page, limit: LIMIT, search };
  const list = useQuery({
    queryKey: quizKeys.questions(bank.bankId, p),
    queryFn: () => quizApi.questions(bank.bankId, p),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: quizKeys.all });
  return (
    <div>
      <div className="quiz-toolbar">
        <Input.Search
          allowClear
          placeholder={t('searchQuestion')}
          style={{ width: 240 }}
          onSearch={(s) => {
            setSearch(s.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setEditing('new')} data-testid="quiz-question-new">
          {t('newQuestion')}
        </Button>
      </div>
      <Table<QuizQuestionRow>
        rowKey="questionId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('emptyQuestions') }}
        pagination={{
          current: page,
          pageSize: LIMIT,
          total: list.data?.totalRow ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('questionType'),
            key: 'type',
            width: 90,
            render: (_, q) => <Tag>{t(`type${q.type}` as 'type1')}</Tag>,
          },
          {
            title: t('stem'),
            key: 'stem',
            render: (_, q) => (
              <div className="quiz-cell">
                <div>{q.stem}</div>
                <Typography.Text type="secondary">
                  {t('rightAnswer', { answer: q.type === 3 ? (q.options[q.answer[0] ?? 0] ?? '') : letters(q.answer) })}
                </Typography.Text>
              </div>
            ),
          },
          { title: t('score'), dataIndex: 'score', width: 70 },
          {
            title: t('actions'),
            key: 'actions',
            width: 120,
            render: (_, q) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setEditing(q)}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('deleteQuestionConfirm')}
                  onConfirm={async () => {
                    await quizApi.deleteQuestion(q.questionId);
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
      {/* Mounted per opening: each new question gets its own form and batch. */}
      {editing !== null && (
        <QuestionForm
          bankId={bank.bankId}
          editing={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      )}
    </div>
  );
}

/** 题库: the banks on the left, the chosen bank's questions on the right. */
export default function BanksPanel() {
  const t = useQuizMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState<QuizBankRow | 'new' | null>(null);
  const p = { page, limit: LIMIT, search };
  const list = useQuery({ queryKey: quizKeys.banks(p), queryFn: () => quizApi.banks(p) });
  const rows = list.data?.list ?? [];
  const bank = rows.find((b) => b.bankId === chosen) ?? rows[0];
  return (
    <div className="quiz-banks">
      <div>
        <div className="quiz-toolbar">
          <Input.Search
            allowClear
            placeholder={t('searchBank')}
            onSearch={(s) => {
              setSearch(s.trim());
              setPage(1);
            }}
          />
          <Button type="primary" onClick={() => setEditing('new')} data-testid="quiz-bank-new">
            {t('newBank')}
          </Button>
        </div>
        <List<QuizBankRow>
          bordered
          size="small"
          loading={list.isFetching}
          dataSource={rows}
          locale={{ emptyText: <Empty description={t('emptyBanks')} /> }}
          pagination={{
            current: page,
            pageSize: LIMIT,
            total: list.data?.totalRow ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
            size: 'small',
          }}
          renderItem={(b) => (
            <List.Item
              className={b.bankId === bank?.bankId ? 'quiz-bank--active' : undefined}
              onClick={() => setChosen(b.bankId)}
              actions={[
                <Button key="e" type="link" size="small" onClick={() => setEditing(b)}>
                  {t('edit')}
                </Button>,
                <Popconfirm
                  key="d"
                  title={t('deleteBankConfirm')}
                  onConfirm={async () => {
                    await quizApi.deleteBank(b.bankId);
                    message.success(t('deleted'));
                    await queryClient.invalidateQueries({ queryKey: quizKeys.all });
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta title={b.name} description={t('bankQuestions', { n: b.questionCount })} />
            </List.Item>
          )}
        />
      </div>
      {bank ? <Questions key={bank.bankId} bank={bank} /> : <Empty description={t('pickBank')} />}
      {editing !== null && (
        <BankForm
          editing={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void queryClient.invalidateQueries({ queryKey: quizKeys.all });
          }}
        />
      )}
    </div>
  );
}
