import { LockOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { usePermission } from '@/manager/use-permission';
import { poolApi } from './api';
import { usePoolMessages } from './messages';

/** What the customer list's bulk-action slot hands each action. */
export type BulkActionProps = { ids: number[]; onDone: () => void };

/** A confirmed bulk call: asks first, reports success, then lets the list refresh. */
function useConfirmedCall(run: () => Promise<unknown>, onDone: () => void) {
  const t = usePoolMessages();
  const { modal, message } = App.useApp();
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: () => {
      message.success(t('done'));
      onDone();
    },
  });
  const ask = (content: string) =>
    modal.confirm({ title: t('confirmTitle'), content, onOk: () => mutation.mutateAsync().catch(() => undefined) });
  return { ask, pending: mutation.isPending };
}

/** 放入公海: the selected customers lose owner and team (crm:customer:putinpool). */
export function PutIntoPoolAction({ ids, onDone }: BulkActionProps) {
  const t = usePoolMessages();
  const can = usePermission();
  const { ask, pending } = useConfirmedCall(() => poolApi.putIntoPool(ids), onDone);
  if (!can('crm.customer.putinpool')) return null;
  return (
    <Button
      icon={<UploadOutlined />}
      disabled={ids.length === 0}
      loading={pending}
      onClick={() => ask(t('putIntoPoolConfirm', { n: ids.length }))}
    >
      {t('putIntoPool')}
    </Button>
  );
}

/** 锁定 / 解锁: locked customers stay out of the pool's return job (crm:customer:lock). */
export function LockAction({ ids, onDone }: BulkActionProps) {
  const t = usePoolMessages();
  const can = usePermission();
  const lock = useConfirmedCall(() => poolApi.lock(ids, 1), onDone);
  const unlock = useConfirmedCall(() => poolApi.lock(ids, 0), onDone);
  if (!can('crm.customer.lock')) return null;
  return (
    <Space>
      <Button
        icon={<LockOutlined />}
        disabled={ids.length === 0}
        loading={lock.pending}
        onClick={() => lock.ask(t('lockConfirm', { n: ids.length }))}
      >
        {t('lock')}
      </Button>
      <Button
        icon={<UnlockOutlined />}
        disabled={ids.length === 0}
        loading={unlock.pending}
        onClick={() => unlock.ask(t('unlockConfirm', { n: ids.length }))}
      >
        {t('unlock')}
      </Button>
    </Space>
  );
}
