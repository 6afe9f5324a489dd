import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Timeline } from 'antd';
import type { RecordApi } from '../api';
import { recordKeys } from '../api';
import { useCrmMessages } from '../messages';
import type { CrmKind } from '../types';
import { showTime } from '../values';

const shown = (v: unknown, empty: string) =>
  v === null || v === undefined || v === '' ? empty : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** 操作记录: who did what and when, newest first; a change lists each field with before → after. */
export function ActionLogTab({ kind, api, id }: { kind: CrmKind; api: RecordApi; id: number }) {
  const t = useCrmMessages();
  const log = useQuery({ queryKey: recordKeys.actions(kind.prefix, id), queryFn: () => api.actions(id) });
  if (!log.data) return <Skeleton active />;
  if (log.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noActions')} />;
  return (
    <Timeline
      data-testid="action-log"
      items={log.data.map((a) => ({
        key: a.actionId,
        children: (
          <div data-testid="action-item">
            <div>
              <strong>{a.user?.realname ?? '—'}</strong> <span className="crm-muted">{showTime(a.createTime)}</span>
            </div>
            <div>{a.detail}</div>
            {a.changes.map((c) => (
              <div key={c.field} className="crm-muted">
                {t('changed', {
                  field: c.name,
                  before: shown(c.before, t('emptyValue')),
                  after: shown(c.after, t('emptyValue')),
                })}
              </div>
            ))}
          </div>
        ),
      }))}
    />
  );
}
