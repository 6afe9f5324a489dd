import { prizeKindNames } from '@crm/shared';
import { Button, Card, List, Spin, Typography } from 'antd';
import { OpenRefused } from '@/shell/open/OpenRefused';
import { showTime } from '@/shell/time';
import { useLotteryOpenMessages } from './messages';
import { useLottery } from './use-lottery';
import './lottery.css';

/**
 * /LargeLuckyGridConfig: the nine-grid's rules and prize list (docs/clinic-lottery.md), opened
 * with the same link as the grid: what the customer reads before drawing. Read only; it draws
 * nothing and shows no weights or stock.
 */
export default function GridRulesPage() {
  const t = useLotteryOpenMessages();
  const { token, info, refused } = useLottery('grid');
  if (refused !== null) return <OpenRefused msg={refused} />;
  if (!info)
    return (
      <div className="lottery-page">
        <Spin tip={t('loading')} />
      </div>
    );
  return (
    <div className="lottery-page">
      <Typography.Title level={3} className="lottery-title">
        {info.name}
      </Typography.Title>
      <Card size="small" title={t('rules')} className="lottery-card">
        <Typography.Paragraph>
          {t('period', { from: showTime(info.startTime), to: showTime(info.endTime) })}
          <br />
          {t('limits', { total: info.drawsTotal, day: info.drawsPerDay })}
          <br />
          {t('remaining', { n: info.remaining })}
        </Typography.Paragraph>
        {info.remark && <Typography.Paragraph>{info.remark}</Typography.Paragraph>}
      </Card>
      <Card size="small" title={t('prizes')} className="lottery-card">
        <List
          size="small"
          dataSource={info.prizes}
          renderItem={(p) => (
            <List.Item>
              {p.name}
              <Typography.Text type="secondary">{prizeKindNames[p.kind]}</Typography.Text>
            </List.Item>
          )}
        />
      </Card>
      <Button type="primary" href={`/LargeLuckyGridPage?token=${encodeURIComponent(token)}`}>
        {t('back')}
      </Button>
    </div>
  );
}
