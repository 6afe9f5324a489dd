import { useQuery } from '@tanstack/react-query';
import { Button, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { type DeclMyRow, declApi, declKeys } from './api';
import { FillDrawer } from './FillDrawer';
import { useDeclMessages } from './messages';
import { StatusTag } from './status';

const LIMIT = 10;

/** 我的填报: the forms issued to me, newest first; a list that fits a phone. */
export function MyForms() {
  const t = useDeclMessages();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const p = { page, limit: LIMIT };
  const list = useQuery({ queryKey: declKeys.mine(p), queryFn: () => declApi.mine(p) });
  const canFill = (r: DeclMyRow) => !r.overdue && (r.myStatus === 0 || r.myStatus === 3 || r.myStatus === 4);
  return (
    <>
      <List<DeclMyRow>
        className="decl-mine"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('emptyMine') }}
        pagination={
          (list.data?.totalRow ?? 0) > LIMIT
            ? { current: page, pageSize: LIMIT, total: list.data?.totalRow ?? 0, onChange: setPage }
            : false
        }
        renderItem={(r) => (
          // One column (no side actions), so a phone's narrow screen keeps whole lines.
          <List.Item data-testid={`decl-mine-${r.taskId}`}>
            <div className="decl-cell">
              <Typography.Text strong>
                {r.title} <StatusTag status={r.myStatus} /> {r.overdue && <Tag>{t('overdue')}</Tag>}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('deadline')} {showTime(r.deadline)} · {t('issuedBy', { name: r.createUserName })}
              </Typography.Text>
              {r.myStatus === 3 && (
                <Typography.Text type="danger">{t('rejectedReason', { reason: r.auditReason })}</Typography.Text>
              )}
            </div>
            <Button
              type={canFill(r) ? 'primary' : 'default'}
              size="small"
              onClick={() => setOpen(r.taskId)}
              data-testid={`decl-open-${r.taskId}`}
            >
              {canFill(r) ? t('fill') : t('view')}
            </Button>
          </List.Item>
        )}
      />
      {open !== null && <FillDrawer taskId={open} onClose={() => setOpen(null)} />}
    </>
  );
}
