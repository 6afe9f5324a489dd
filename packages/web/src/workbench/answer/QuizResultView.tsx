import { JUDGEMENT_OPTIONS } from '@crm/shared';
import { Alert, Descriptions, Tag, Typography } from 'antd';
import type { QuizResult } from './api';
import { letters, useQuizMessages } from './messages';

/** A taker's result: the score and, once the quiz has closed, each item with the right answer. */
export function QuizResultView({ result }: { result: QuizResult }) {
  const t = useQuizMessages();
  const show = (type: number, xs: number[]) =>
    xs.length === 0 ? t('none') : type === 3 ? xs.map((x) => JUDGEMENT_OPTIONS[x]).join('') : letters(xs);
  return (
    <div className="quiz-result" data-testid="quiz-result">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('yourScore')}>
          <Typography.Text strong data-testid="quiz-score">
            {t('scoreOf', { score: result.score, total: result.totalScore })}
          </Typography.Text>{' '}
          <Tag color={result.passed ? 'green' : 'red'}>{result.passed ? t('passed') : t('failed')}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('passScore')}>{result.passScore}</Descriptions.Item>
        <Descriptions.Item label={t('timeUsed')}>
          {t('usedValue', { m: Math.floor(result.timeUsed / 60), s: result.timeUsed % 60 })}
        </Descriptions.Item>
      </Descriptions>
      {result.late && <Alert type="warning" showIcon title={t('lateNote')} />}
      {result.autoSubmitted && <Alert type="info" showIcon title={t('autoNote')} />}
      {!result.closed && <Alert type="info" showIcon title={t('answersAfterClose')} />}
      <ol className="quiz-paper__items">
        {result.items.map((i) => (
          <li key={i.itemId}>
            <div className="quiz-paper__stem">
              <Tag>{t(`type${i.type}` as 'type1')}</Tag>
              {i.stem}
              {i.correct !== null && (
                <Tag color={i.correct ? 'green' : 'red'} className="quiz-result__mark">
                  {i.correct ? t('right') : t('wrong')}
                </Tag>
              )}
            </div>
            {i.type !== 3 && (
              <div className="quiz-result__options">
                {i.options.map((o, n) => `${String.fromCharCode(65 + n)}. ${o}`).join('　')}
              </div>
            )}
            <div>{t('yourAnswer', { answer: show(i.type, i.chosen) })}</div>
            {i.answer && <div>{t('rightAnswer', { answer: show(i.type, i.answer) })}</div>}
            {i.explanation && (
              <Typography.Text type="secondary">{t('explanation', { text: i.explanation })}</Typography.Text>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
