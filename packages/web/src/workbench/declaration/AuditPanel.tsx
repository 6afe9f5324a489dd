import { useQuery } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { type DeclTaskRow, declApi, declKeys } from './api';
import { useDeclMessages } from './messages';
import { SubmissionsDrawer } from './SubmissionsDrawer';
import { TaskTable } from './TasksPanel';

/** 待审核: the tasks with submissions waiting for me (in my data scope). */
export default function AuditPanel() {
  const t = useDeclMessages();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<DeclTaskRow | null>(null);
  const p = { page, limit: 15, search };
  const list = useQuery({ queryKey: declKeys.waiting(p), queryFn: () => declApi.waiting(p) });
  return (
    <>
      <div className="decl-toolbar">
        <Input.Search
          allowClear
          placeholder={t('searchTask')}
          style={{ width: 240, maxWidth: '100%' }}
          onSearch={(s) => {
            setSearch(s.trim());
            setPage(1);
          }}
        />
      </div>
      <TaskTable
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        empty={t('emptyWaiting')}
        pagination={{ current: page, total: list.data?.totalRow ?? 0, onChange: setPage }}
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
