import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { type MyQuizRow, type QuizResult, quizApi, quizKeys } from './api';
import { useQuizMessages } from './messages';
import { QuizResultView } from './QuizResultView';
import { TakeQuiz } from './TakeQuiz';

const LIMIT = 15;
const phaseColor: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'default' };
const statusColor: Record<number, string> = { 0: 'default', 1: 'orange', 2: 'green' };

type Open = { quizId: number; title: string; result?: QuizResult };

/** A finished attempt's result, read when its dialog opens. */
function ResultLoader({ quizId }: { quizId: number }) {
  const result = useQuery({ queryKey: ['quiz', 'result', quizId], queryFn: () => quizApi.result(quizId) });
  return result.data ? <QuizResultView result={result.data} /> : <Spin />;
}

/** 我的考试: the quizzes assigned to me, where I am in each, and the way in (start, continue, result). */
export function MyQuizzes() {
  const t = useQuizMessages();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open | null>(null);
  const [taking, setTaking] = useState(false);
  const list = useQuery({ queryKey: quizKeys.mine({ page }), queryFn: () => quizApi.mine({ page, limit: LIMIT }) });

  const close = () => {
    setOpen(null);
    setTaking(false);
    void queryClient.invalidateQueries({ queryKey: quizKeys.all });
  };

  const action = (r: MyQuizRow) => {
    if (r.myStatus === 2)
      return (
        <Button
          size="small"
          onClick={() => setOpen({ quizId: r.quizId, title: r.title })}
          data-testid={`quiz-result-${r.quizId}`}
        >
          {t('viewResult')}
        </Button>
      );
    if (r.phase === 3) return <Typography.Text type="secondary">{t('missed')}</Typography.Text>;
    return (
      <Button
        size="small"
        type="primary"
        disabled={r.phase === 1}
        onClick={() => {
          setOpen({ quizId: r.quizId, title: r.title });
          setTaking(true);
        }}
        data-testid={`quiz-start-${r.quizId}`}
      >
        {r.myStatus === 1 ? t('resume') : t('start')}
      </Button>
    );
  };

  return (
    <>
      <Table<MyQuizRow>
        rowKey="quizId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('emptyMine') }}
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
            render: (_, r) => (
              <div className="quiz-cell">
                <div>{r.title}</div>
                <Typography.Text type="secondary">
                  {showTime(r.startTime)} ~ {showTime(r.endTime)}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('timeLimit'),
            key: 'limit',
            width: 170,
            render: (_, r) => (
              <div className="quiz-cell">
                <div>{t('minutes', { n: r.timeLimit })}</div>
                <Typography.Text type="secondary">
                  {t('questionCount')} {r.questionCount} · {t('passScore')} {r.passScore}/{r.totalScore}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('status'),
            key: 'status',
            width: 170,
            render: (_, r) => (
              <>
                <Tag color={phaseColor[r.phase]}>{t(`phase${r.phase}` as 'phase1')}</Tag>
                <Tag color={statusColor[r.myStatus]}>
                  {r.myStatus === 2 && r.score !== null
                    ? t('scoreOf', { score: r.score, total: r.totalScore })
                    : t(`status${r.myStatus}` as 'status0')}
                </Tag>
              </>
            ),
          },
          { title: t('actions'), key: 'action', width: 120, render: (_, r) => action(r) },
        ]}
      />
      <Modal
        open={open !== null}
        title={open?.title}
        width={820}
        footer={null}
        mask={{ closable: false }}
        onCancel={close}
        destroyOnHidden
      >
        {open &&
          (open.result ? (
            <QuizResultView result={open.result} />
          ) : taking ? (
            <TakeQuiz quizId={open.quizId} onDone={(result) => setOpen({ ...open, result })} />
          ) : (
            <ResultLoader quizId={open.quizId} />
          ))}
      </Modal>
    </>
  );
}
