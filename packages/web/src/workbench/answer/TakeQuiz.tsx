import { JUDGEMENT_OPTIONS, type QuizAnswers } from '@crm/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Radio, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { parseTime } from '@/shell/time';
import { type QuizPaper, type QuizResult, quizApi } from './api';
import { useQuizMessages } from './messages';

const SAVE_DELAY_MS = 800;

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  return `${mm}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Milliseconds left, counted on the server's clock (the device's may be wrong): the server's time
 * when it answered, plus what this device has counted since the answer arrived.
 */
function useTimeLeft(paper: QuizPaper | undefined, receivedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!paper) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [paper]);
  if (!paper) return null;
  const server = parseTime(paper.serverTime)?.valueOf() ?? receivedAt;
  return (parseTime(paper.deadline)?.valueOf() ?? 0) - (server + Math.max(0, now - receivedAt));
}

/**
 * The paper: one question after another, each choice saved as it is made (the server keeps it, so
 * a closed tab loses nothing), the time left, and 交卷. At zero it hands in by itself.
 */
export function TakeQuiz({ quizId, onDone }: { quizId: number; onDone: (r: QuizResult) => void }) {
  const t = useQuizMessages();
  const { modal } = App.useApp();
  const paper = useQuery({ queryKey: ['quiz', 'paper', quizId], queryFn: () => quizApi.start(quizId), gcTime: 0 });
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const left = useTimeLeft(paper.data, paper.dataUpdatedAt);

  useEffect(() => {
    if (paper.data) setAnswers(paper.data.answers);
  }, [paper.data]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = useMutation({
    mutationFn: (a: QuizAnswers) => {
      clearTimeout(timer.current);
      return quizApi.submit(quizId, a);
    },
    onSuccess: onDone,
  });

  useEffect(() => {
    if (left !== null && left <= 0 && submit.isIdle) submit.mutate(answers);
  }, [left, submit, answers]);

  const choose = (itemId: number, chosen: number[]) => {
    const next = { ...answers, [String(itemId)]: chosen };
    setAnswers(next);
    setSaved(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      quizApi.save(quizId, next).then(
        () => setSaved(true),
        () => undefined,
      );
    }, SAVE_DELAY_MS);
  };

  if (paper.isLoading) return <Spin />;
  if (!paper.data) return <Empty />;
  const p = paper.data;
  const missing = p.items.filter((i) => !(answers[String(i.itemId)]?.length ?? 0)).length;
  const confirm = () =>
    modal.confirm({
      title: t('submit'),
      content: [missing ? t('unanswered', { n: missing }) : '', t('submitConfirm')].filter(Boolean).join('；'),
      okText: t('submit'),
      cancelText: t('cancel'),
      onOk: () => submit.mutateAsync(answers),
    });

  return (
    <div className="quiz-paper" data-testid="quiz-paper">
      <div className="quiz-paper__bar">
        <Typography.Text type="secondary">
          {t('totalScore')} {p.totalScore} · {t('passScore')} {p.passScore}
        </Typography.Text>
        <Space>
          {saved && <Typography.Text type="secondary">{t('savedAt')}</Typography.Text>}
          <Tag color={left !== null && left < 60_000 ? 'red' : 'blue'} data-testid="quiz-time-left">
            {left !== null && left <= 0 ? t('timeUpSubmitting') : t('timeLeft', { time: clock(left ?? 0) })}
          </Tag>
        </Space>
      </div>
      <ol className="quiz-paper__items">
        {p.items.map((item) => {
          const chosen = answers[String(item.itemId)] ?? [];
          const options = item.type === 3 ? [...JUDGEMENT_OPTIONS] : item.options;
          const label = (o: string, i: number) => (item.type === 3 ? o : `${String.fromCharCode(65 + i)}. ${o}`);
          return (
            <li key={item.itemId} data-testid={`quiz-item-${item.itemId}`}>
              <div className="quiz-paper__stem">
                <Tag>{t(`type${item.type}` as 'type1')}</Tag>
                {item.stem}
                <Typography.Text type="secondary"> （{t('itemScore', { n: item.score })}）</Typography.Text>
              </div>
              {item.type === 2 ? (
                <Checkbox.Group
                  value={chosen}
                  onChange={(v) => choose(item.itemId, v as number[])}
                  options={options.map((o, i) => ({ value: i, label: label(o, i) }))}
                  className="quiz-paper__options"
                />
              ) : (
                <Radio.Group
                  value={chosen[0]}
                  onChange={(e) => choose(item.itemId, [e.target.value as number])}
                  options={options.map((o, i) => ({ value: i, label: label(o, i) }))}
                  className="quiz-paper__options"
                />
              )}
            </li>
          );
        })}
      </ol>
      <div className="quiz-paper__footer">
        <Button type="primary" loading={submit.isPending} onClick={confirm} data-testid="quiz-submit">
          {t('submit')}
        </Button>
      </div>
    </div>
  );
}
