import { Tag, Typography } from 'antd';
import { showTime } from '@/shell/time';
import type { HistoryEntry } from '../api';
import { statusKey, useStatusWords } from '../messages';
import { useFlowMessages } from './flow-messages';

/** Every action and automatic decision with its time, newest last; earlier rounds are marked. */
export function HistoryList({ history, round }: { history: HistoryEntry[]; round: number }) {
  const fm = useFlowMessages();
  const s = useStatusWords();
  const what = (h: HistoryEntry) => {
    const to = h.targets.filter(Boolean).join('、');
    switch (h.kind) {
      case 'submit':
        return h.round > 1 ? fm('resubmit') : fm('submit');
      case 'transfer':
      case 'addBefore':
      case 'addAfter':
        return fm(h.kind, { to });
      case 'finish':
        return fm('finish', { status: h.status === null ? '' : s(statusKey(h.status)) });
      case 'auto':
        return h.reason ? fm(`reason_${h.reason}`) : fm('auto');
      default:
        return fm(h.kind);
    }
  };
  return (
    <ol className="exm-history" data-testid="history">
      {history.map((h) => (
        <li key={h.seq} className={h.round < round ? 'exm-history__item exm-history__item--old' : 'exm-history__item'}>
          <span className="exm-history__time">{h.time ? showTime(h.time) : ''}</span>
          <span className="exm-history__who">{h.user?.realname ?? ''}</span>
          <span className="exm-history__what">{what(h)}</span>
          {h.round < round && <Tag>{fm('round', { n: h.round })}</Tag>}
          {h.remarks && (
            <Typography.Text type="secondary" className="exm-history__remarks">
              「{h.remarks}」
            </Typography.Text>
          )}
        </li>
      ))}
    </ol>
  );
}
