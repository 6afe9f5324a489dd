import { Button } from 'antd';
import { useState } from 'react';
import { CrudToolbar } from '../crud-list';
import { usePagedList } from '../paged-list';
import { type DeclTaskRow, declApi, declKeys } from './api';
import { useDeclMessages } from './messages';
import { SubmissionsDrawer } from './SubmissionsDrawer';
import { TaskTable } from './TasksPanel';

/** 待审核: the tasks with submissions waiting for me (in my data scope). */
export default function AuditPanel() {
  const t = useDeclMessages();
  const paged = usePagedList(15, (p) => ({ queryKey: declKeys.waiting(p), queryFn: () => declApi.waiting(p) }));
  const [viewing, setViewing] = useState<DeclTaskRow | null>(null);
  return (
    <>
      <CrudToolbar className="decl-toolbar" placeholder={t('searchTask')} searchWidth={240} onSearch={paged.onSearch} />
      <TaskTable
        rows={paged.rows}
        loading={paged.list.isFetching}
        empty={t('emptyWaiting')}
        pagination={paged.pagination}
        actions={(r) => (
          <Button type="link" size="small" onClick={() => setViewing(r)} data-testid={`decl-audit-${r.taskId}`}>
            {t('audit')}
          </Button>
        )}
      />
      {viewing && <SubmissionsDrawer task={viewing} onClose={() => setViewing(null)} initialStatus={1} />}
    </>
  );
}
