import { authHas } from '@crm/shared';
import { App, Button } from 'antd';
import { useSession } from '@/shell/session';
import type { BulkActionsProps } from '../types';
import { salesApi } from './api';
import { useSalesMessages } from './messages';

/** The product list's bulk 上架 / 下架 (`CrmProduct/updateStatus`, crm:product:status). */
export default function ShelfActions({ ids, onDone }: BulkActionsProps) {
  const t = useSalesMessages();
  const { message } = App.useApp();
  const { auth } = useSession();
  if (!authHas(auth, 'crm:product:status')) return null;
  const set = async (status: 0 | 1) => {
    try {
      await salesApi.setShelf(ids, status);
      message.success(t('shelfDone'));
      onDone();
    } catch {
      // the request layer showed the server's message
    }
  };
  return (
    <>
      <Button size="small" onClick={() => set(1)} data-testid="shelf-on">
        {t('onShelf')}
      </Button>
      <Button size="small" onClick={() => set(0)} data-testid="shelf-off">
        {t('offShelf')}
      </Button>
    </>
  );
}
