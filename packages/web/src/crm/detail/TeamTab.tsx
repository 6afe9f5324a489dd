import { UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, Tag } from 'antd';
import { useState } from 'react';
import { UserAvatar } from '@/components/member-picker';
import { RowActions } from '@/components/table';
import { useSession } from '@/shell/session';
import { type RecordApi, recordKeys, type TeamMember } from '../api';
import { MembersDialog } from '../list/MembersDialog';
import { useCrmMessages } from '../messages';
import { useKindNames } from '../names';
import type { CrmKind } from '../types';

/**
 * 相关团队: the owner, then the members with their power (1 只读, 2 读写). With the team
 * permission and write access one adds members, changes their power or removes them; a member
 * may leave. The server never makes the owner a member.
 */
export function TeamTab({
  kind,
  api,
  id,
  canManage,
}: {
  kind: CrmKind;
  api: RecordApi;
  id: number;
  canManage: boolean;
}) {
  const t = useCrmMessages();
  const kindLabel = useKindNames(kind.descriptor).name;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const team = useQuery({ queryKey: recordKeys.members(kind.prefix, id), queryFn: () => api.members(id) });
  const [dialog, setDialog] = useState<{ editing?: TeamMember } | null>(null);
  const changed = () => {
    message.success(t('done'));
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: recordKeys.kind(kind.prefix) });
  };
  const remove = (m: TeamMember, leaving: boolean) =>
    modal.confirm({
      title: leaving ? t('leaveTeam') : t('removeMember'),
      content: leaving ? t('leaveTeamConfirm', { name: kindLabel }) : t('removeMemberConfirm', { name: m.realname }),
      onOk: async () => {
        try {
          await api.deleteMembers({ ids: [id], memberIds: [m.userId] });
          changed();
        } catch {
          // the request layer showed the server's message
        }
      },
    });
  const powerTag = (p: 1 | 2 | 3) =>
    p === 3 ? <Tag color="blue">{t('owner3')}</Tag> : <Tag color={p === 2 ? 'green' : undefined}>{t(`power${p}`)}</Tag>;

  return (
    <div data-testid="team">
      {canManage && (
        <Button
          icon={<UserAddOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setDialog({})}
          data-testid="team-add"
        >
          {t('addMember')}
        </Button>
      )}
      <Table<TeamMember>
        rowKey="userId"
        size="small"
        pagination={false}
        loading={team.isLoading}
        dataSource={team.data ?? []}
        onRow={() => ({ 'data-testid': 'team-row' }) as object}
        columns={[
          {
            title: t('members'),
            render: (_, m) => (
              <span>
                <UserAvatar name={m.realname} img={m.img} /> {m.realname}
              </span>
            ),
          },
          { title: '', dataIndex: 'deptName' },
          { title: t('power'), width: 100, render: (_, m) => powerTag(m.power) },
          {
            title: '',
            width: 160,
            render: (_, m) => {
              if (m.power === 3) return null;
              if (canManage)
                return (
                  <RowActions
                    actions={[
                      { key: 'power', label: t('editPower'), onClick: () => setDialog({ editing: m }) },
                      { key: 'remove', label: t('removeMember'), danger: true, onClick: () => remove(m, false) },
                    ]}
                  />
                );
              if (m.userId === user.userId)
                return (
                  <Button type="link" size="small" danger onClick={() => remove(m, true)}>
                    {t('leaveTeam')}
                  </Button>
                );
              return null;
            },
          },
        ]}
      />
      {dialog && (
        <MembersDialog
          open
          title={dialog.editing ? t('editPower') : t('addMember')}
          initialUsers={
            dialog.editing
              ? [{ userId: dialog.editing.userId, realname: dialog.editing.realname, img: dialog.editing.img }]
              : []
          }
          initialPower={dialog.editing && dialog.editing.power !== 3 ? dialog.editing.power : 1}
          fixedUsers={Boolean(dialog.editing)}
          onClose={() => setDialog(null)}
          onSubmit={async (memberIds, power) => {
            if (dialog.editing) await api.updateMembers({ id, memberIds, power });
            else await api.addMembers({ ids: [id], memberIds, power });
            changed();
          }}
        />
      )}
    </div>
  );
}
