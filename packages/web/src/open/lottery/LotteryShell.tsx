import { type LotteryDrawn, type LotteryOpenInfo, PrizeKind } from '@crm/shared';
import { Alert, Card, Empty, List, Modal, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { OpenRefused } from '@/shell/open/OpenRefused';
import { showTime } from '@/shell/time';
import { useLotteryOpenMessages } from './messages';
import './lottery.css';

/**
 * The frame both open pages share, phone-first: the activity, the customer's draws left, the game,
 * the result once the animation stopped, and the customer's prizes below.
 */
export function LotteryShell({
  info,
  refused,
  drawError,
  result,
  onCloseResult,
  children,
  extra,
}: {
  info: LotteryOpenInfo | null;
  refused: string | null;
  drawError: string | null;
  result: LotteryDrawn | null;
  onCloseResult: () => void;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const t = useLotteryOpenMessages();
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
      <Typography.Text className="lottery-sub">{t('hello', { name: info.customerName })}</Typography.Text>
      <div className="lottery-remaining" data-testid="lottery-remaining">
        {t('remaining', { n: info.remaining })}
      </div>
      {drawError && <Alert type="warning" showIcon message={drawError} className="lottery-alert" />}
      {children}
      {extra}
      <Card size="small" title={t('mine')} className="lottery-card">
        {info.mine.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noPrizes')} />
        ) : (
          <List
            size="small"
            dataSource={info.mine}
            renderItem={(m) => (
              <List.Item>
                <List.Item.Meta title={m.prizeName} description={m.detail} />
                <span className="lottery-time">{showTime(m.time)}</span>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Typography.Paragraph className="lottery-rules">
        {t('period', { from: showTime(info.startTime), to: showTime(info.endTime) })}
        <br />
        {t('limits', { total: info.drawsTotal, day: info.drawsPerDay })}
        {info.remark && (
          <>
            <br />
            {info.remark}
          </>
        )}
      </Typography.Paragraph>
      <Modal
        open={result !== null}
        onOk={onCloseResult}
        onCancel={onCloseResult}
        okText={t('ok')}
        footer={null}
        centered
      >
        <div className="lottery-result" data-testid="lottery-result">
          {result && (result.kind === PrizeKind.nothing ? t('nothing') : t('won', { name: result.prizeName }))}
          {result?.detail && <div className="lottery-result-detail">{result.detail}</div>}
        </div>
      </Modal>
    </div>
  );
}
