import { authHas } from '@crm/shared';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useSession } from '@/shell/session';
import type { RecordApi, RecordRow } from '../api';
import { useCrmMessages } from '../messages';
import { useKindNames } from '../names';
import { type CrmKind, kindCan } from '../types';
import { MembersDialog } from './MembersDialog';
import { TransferDialog } from './TransferDialog';

/**
 * The actions on the selected rows the user may take: 转移 and 添加团队成员 where the kind has
 * them and the user holds the permission, 删除 after a confirmation, then the kind's own.
 */
export function BulkBar({
  kind,
  api,
  rows,
  onDone,
}: {
  kind: CrmKind;
  api: RecordApi;
  rows: RecordRow[];
  onDone: () => void;
}) {
  const t = useCrmMessages();
  const kindLabel = useKindNames(kind.descriptor).name;
  const { message, modal } = App.useApp();
  const { auth } = useSession();
  const allowed = (action: string) => authHas(auth, kindCan(kind, action));
  const [dialog, setDialog] = useState<'transfer' | 'members' | null>(null);
  const d = kind.descriptor;
  const ids = rows.map((r) => Number(r[d.idField]));
  const finish = () => {
    message.success(t('done'));
    setDialog(null);
    onDone();
  };
  const Extra = kind.bulkActions;

  return (
    <div className="crm-bulk" data-testid="bulk-bar">
      <span>{t('selected', { n: rows.length })}</span>
      {d.features.transfer && allowed('transfer') && (
        <Button size="small" onClick={() => setDialog('transfer')} data-testid="bulk-transfer">
          {t('transfer')}
        </Button>
      )}
      {d.features.team && allowed('teamsave') && (
        <Button size="small" onClick={() => setDialog('members')} data-testid="bulk-members">
          {t('addMembers')}
        </Button>
      )}
      {Extra && <Extra kind={kind} ids={ids} rows={rows} onDone={onDone} />}
      {allowed('delete') && (
        <Button
          size="small"
          danger
          data-testid="bulk-delete"
          onClick={() =>
            modal.confirm({
              title: t('delete'),
              content: t('deleteConfirm', { n: rows.length, name: kindLabel }),
              okButtonProps: { danger: true },
              onOk: async () => {
                try {
                  await api.remove(ids);
                  message.success(t('deleted'));
                  onDone();
                } catch {
                  // the request layer showed the server's message
                }
              },
            })
          }
        >
          {t('delete')}
        </Button>
      )}
      {dialog === 'transfer' && (
        <TransferDialog
          open
          carryChoices={kind.descriptor.transferCarry?.map((c) => c.key)}
          onClose={() => setDialog(null)}
          onSubmit={async (body) => {
            await api.transfer({ ids, ...body });
            finish();
          }}
        />
      )}
      {dialog === 'members' && (
        <MembersDialog
          open
          title={t('addMembers')}
          onClose={() => setDialog(null)}
          onSubmit={async (memberIds, power) => {
            await api.addMembers({ ids, memberIds, power });
            finish();
          }}
        />
      )}
    </div>
  );
}
