import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { type QuizRow, type QuizStats, type QuizTakerRow, quizApi, quizKeys } from './api';
import { useQuizMessages } from './messages';

const LIMIT = 20;

function ErrorRates({ stats }: { stats: QuizStats }) {
  const t = useQuizMessages();
  return (
    <Table<QuizStats['items'][number]>
      rowKey="itemId"
      size="small"
      pagination={false}
      dataSource={stats.items}
      data-testid="quiz-error-rates"
      columns={[
        { title: t('seq'), dataIndex: 'seq', width: 60 },
        { title: t('stem'), dataIndex: 'stem' },
        { title: t('answered'), dataIndex: 'answered', width: 90 },
        { title: t('wrongCount'), dataIndex: 'wrong', width: 90 },
        {
          title: t('errorRate'),
          key: 'rate',
          width: 90,
          render: (_, i) => (i.errorRate === null ? '-' : `${Math.round(i.errorRate * 1000) / 10}%`),
        },
      ]}
    />
  );
}

/** One quiz's results in the viewer's data scope: the summary, the ranking, the error rates, the export. */
export function ResultsDrawer({ quiz, onClose }: { quiz: QuizRow | null; onClose: () => void }) {
  const t = useQuizMessages();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<number | undefined>(undefined);
  const quizId = quiz?.quizId ?? 0;
  const p = { page, limit: LIMIT, search, status };
  const takers = useQuery({
    queryKey: quizKeys.results(quizId, p),
    queryFn: () => quizApi.results(quizId, p),
    enabled: !!quiz,
  });
  const stats = useQuery({ queryKey: quizKeys.stats(quizId), queryFn: () => quizApi.stats(quizId), enabled: !!quiz });
  const s = stats.data;
  return (
    <Drawer
      open={quiz !== null}
      onClose={onClose}
      width={900}
      title={quiz ? `${quiz.title} · ${t('results')}` : ''}
      destroyOnHidden
    >
      {s && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text data-testid="quiz-summary">
            {t('summary', { assigned: s.assigned, submitted: s.submitted, passed: s.passed, notTaken: s.notTaken })}
            {s.averageScore !== null && ` · ${t('average', { n: s.averageScore })}`}
          </Typography.Text>
        </Space>
      )}
      <div className="quiz-toolbar">
        <Space>
          <Select
            style={{ width: 120 }}
            value={status ?? -1}
            onChange={(v) => {
              setStatus(v === -1 ? undefined : v);
              setPage(1);
            }}
            options={[
              { value: -1, label: t('allStatus') },
              ...[0, 1, 2].map((n) => ({ value: n, label: t(`status${n}` as 'status0') })),
            ]}
          />
          <Input.Search
            allowClear
            placeholder={t('searchTaker')}
            style={{ width: 200 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
          />
        </Space>
        <Button
          onClick={() =>
            quiz && quizApi.exportResults(quiz.quizId, quiz.title).catch((e: Error) => message.error(e.message))
          }
          data-testid="quiz-export"
        >
          {t('exportExcel')}
        </Button>
      </div>
      <Table<QuizTakerRow>
        rowKey="userId"
        size="small"
        loading={takers.isFetching}
        dataSource={takers.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: LIMIT,
          total: takers.data?.totalRow ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: t('rank'), dataIndex: 'rank', width: 60, render: (v: number | null) => v ?? '-' },
          {
            title: t('name'),
            key: 'name',
            render: (_, r) => (
              <div className="quiz-cell">
                <div>{r.realname}</div>
                <Typography.Text type="secondary">{r.deptName}</Typography.Text>
              </div>
            ),
          },
          {
            title: t('status'),
            key: 'status',
            width: 150,
            render: (_, r) => (
              <>
                <Tag>{t(`status${r.status}` as 'status0')}</Tag>
                {r.autoSubmitted && <Tag color="orange">{t('auto')}</Tag>}
              </>
            ),
          },
          {
            title: t('yourScore'),
            key: 'score',
            width: 120,
            render: (_, r) =>
              r.score === null ? (
                '-'
              ) : (
                <>
                  {r.score} <Tag color={r.passed ? 'green' : 'red'}>{r.passed ? t('passed') : t('failed')}</Tag>
                </>
              ),
          },
          {
            title: t('timeUsed'),
            key: 'used',
            width: 190,
            render: (_, r) =>
              r.timeUsed === null ? (
                '-'
              ) : (
                <div className="quiz-cell">
                  <div>{t('usedValue', { m: Math.floor(r.timeUsed / 60), s: r.timeUsed % 60 })}</div>
                  <Typography.Text type="secondary">{showTime(r.submitTime)}</Typography.Text>
                </div>
              ),
          },
        ]}
      />
      <Typography.Title level={5}>{t('errorRates')}</Typography.Title>
      {s && <ErrorRates stats={s} />}
    </Drawer>
  );
}
