import { Button, Empty, List, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CrudToolbar, DeleteLink, useEditing } from '../crud-list';
import { usePagedList } from '../paged-list';
import { type QuizBankRow, type QuizQuestionRow, quizApi, quizKeys } from './api';
import { BankForm } from './BankForm';
import { letters, useQuizMessages } from './messages';
import { QuestionForm } from './QuestionForm';

const LIMIT = 15;

/** A bank's questions: type, text, the right answer and points, edited in a dialog. */
function Questions({ bank }: { bank: QuizBankRow }) {
  const t = useQuizMessages();
  const paged = usePagedList(LIMIT, (p) => ({
    queryKey: quizKeys.questions(bank.bankId, p),
    queryFn: () => quizApi.questions(bank.bankId, p),
  }));
  const { editing, setEditing, refresh, done } = useEditing<QuizQuestionRow>(quizKeys.all);
  return (
    <div>
      <CrudToolbar
        className="quiz-toolbar"
        placeholder={t('searchQuestion')}
        searchWidth={240}
        onSearch={paged.onSearch}
        create={{ label: t('newQuestion'), testId: 'quiz-question-new', onClick: () => setEditing('new') }}
      />
      <Table<QuizQuestionRow>
        rowKey="questionId"
        size="small"
        loading={paged.list.isFetching}
        dataSource={paged.rows}
        locale={{ emptyText: t('emptyQuestions') }}
        pagination={{ ...paged.pagination, hideOnSinglePage: true }}
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
                <DeleteLink
                  confirm={t('deleteQuestionConfirm')}
                  label={t('delete')}
                  done={t('deleted')}
                  onDelete={() => quizApi.deleteQuestion(q.questionId)}
                  onDeleted={refresh}
                />
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && <QuestionForm bankId={bank.bankId} editing={editing} onDone={done} />}
    </div>
  );
}

/** 题库: the banks on the left, the chosen bank's questions on the right. */
export default function BanksPanel() {
  const t = useQuizMessages();
  const paged = usePagedList(LIMIT, (p) => ({ queryKey: quizKeys.banks(p), queryFn: () => quizApi.banks(p) }));
  const [chosen, setChosen] = useState<number | null>(null);
  const { editing, setEditing, refresh, done } = useEditing<QuizBankRow>(quizKeys.all);
  const rows = paged.rows;
  const bank = rows.find((b) => b.bankId === chosen) ?? rows[0];
  return (
    <div className="quiz-banks">
      <div>
        <CrudToolbar
          className="quiz-toolbar"
          placeholder={t('searchBank')}
          onSearch={paged.onSearch}
          create={{ label: t('newBank'), testId: 'quiz-bank-new', onClick: () => setEditing('new') }}
        />
        <List<QuizBankRow>
          bordered
          size="small"
          loading={paged.list.isFetching}
          dataSource={rows}
          locale={{ emptyText: <Empty description={t('emptyBanks')} /> }}
          pagination={{ ...paged.pagination, hideOnSinglePage: true, size: 'small' }}
          renderItem={(b) => (
            <List.Item
              className={b.bankId === bank?.bankId ? 'quiz-bank--active' : undefined}
              onClick={() => setChosen(b.bankId)}
              actions={[
                <Button key="e" type="link" size="small" onClick={() => setEditing(b)}>
                  {t('edit')}
                </Button>,
                <DeleteLink
                  key="d"
                  confirm={t('deleteBankConfirm')}
                  label={t('delete')}
                  done={t('deleted')}
                  onDelete={() => quizApi.deleteBank(b.bankId)}
                  onDeleted={refresh}
                />,
              ]}
            >
              <List.Item.Meta title={b.name} description={t('bankQuestions', { n: b.questionCount })} />
            </List.Item>
          )}
        />
      </div>
      {bank ? <Questions key={bank.bankId} bank={bank} /> : <Empty description={t('pickBank')} />}
      {editing !== null && <BankForm editing={editing} onDone={done} />}
    </div>
  );
}
