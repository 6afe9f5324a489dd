import { GroupRole } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Input, Popconfirm, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { MemberPicker, UserAvatar } from '@/components/member-picker';
import { ApiError } from '@/shell/request';
import {
  addGroupMembers,
  chatKeys,
  dissolveGroup,
  fetchGroup,
  removeGroupMembers,
  setGroupAdmin,
  updateGroup,
} from './api';
import { useChatMessages } from './messages';

/**
 * 群设置: name, notice and members for everyone to see; the owner and admins edit them and add or
 * remove members, the owner appoints admins and dissolves the group (the server decides; the
 * buttons only show to those it allows). A dissolved group answers an error, shown as such.
 */
export function GroupSettings({
  groupId,
  me,
  open,
  onClose,
  onChanged,
}: {
  groupId: number;
  me: number;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useChatMessages();
  const { message } = App.useApp();
  const client = useQueryClient();
  const info = useQuery({
    queryKey: chatKeys.group(groupId),
    queryFn: () => fetchGroup(groupId),
    enabled: open,
    retry: false,
  });
  const g = info.data;
  const [name, setName] = useState('');
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (g) {
      setName(g.name);
      setNotice(g.notice);
    }
  }, [g]);

  const manager = (g?.myRole ?? 0) >= GroupRole.admin;
  const owner = g?.myRole === GroupRole.owner;
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      const next = await work();
      if (next && typeof next === 'object' && 'groupId' in next) client.setQueryData(chatKeys.group(groupId), next);
      if (done) message.success(done);
      onChanged();
    } catch {
      // The request layer showed the server's message.
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('groupSettings')} size={420} data-testid="chat-group-drawer">
      {info.isLoading && <Spin />}
      {info.error && (
        <Alert type="error" showIcon title={info.error instanceof ApiError ? info.error.message : t('dissolved')} />
      )}
      {g && (
        <div className="chat-group">
          <label className="chat-group__label" htmlFor="chat-group-name-edit">
            {t('groupName')}
          </label>
          <Input
            id="chat-group-name-edit"
            value={name}
            maxLength={50}
            disabled={!manager}
            onChange={(e) => setName(e.target.value)}
          />
          <label className="chat-group__label" htmlFor="chat-group-notice">
            {t('groupNotice')}
          </label>
          <Input.TextArea
            id="chat-group-notice"
            value={notice}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 6 }}
            disabled={!manager}
            onChange={(e) => setNotice(e.target.value)}
          />
          {manager && (
            <Button
              type="primary"
              className="chat-group__save"
              onClick={() => void run(() => updateGroup({ groupId, name, notice }), t('saved'))}
            >
              {t('save')}
            </Button>
          )}
          <div className="chat-group__members-head">
            <span>{t('members', { n: g.memberCount })}</span>
            {manager && (
              <MemberPicker
                hideDepts
                onConfirm={(v) =>
                  void run(() =>
                    addGroupMembers(
                      groupId,
                      v.users.map((u) => u.userId),
                    ),
                  )
                }
              >
                <Button size="small">{t('addMembers')}</Button>
              </MemberPicker>
            )}
          </div>
          <ul className="chat-group__members">
            {g.members.list.map((m) => (
              <li key={m.userId} className="chat-group__member">
                <UserAvatar name={m.realname} img={m.img} size={28} />
                <span className="chat-group__member-name">{m.realname}</span>
                {m.role === GroupRole.owner && <Tag color="gold">{t('owner')}</Tag>}
                {m.role === GroupRole.admin && <Tag color="blue">{t('admin')}</Tag>}
                <Space size={0} className="chat-group__member-actions">
                  {owner && m.role !== GroupRole.owner && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => void run(() => setGroupAdmin(groupId, [m.userId], m.role !== GroupRole.admin))}
                    >
                      {m.role === GroupRole.admin ? t('unsetAdmin') : t('setAdmin')}
                    </Button>
                  )}
                  {manager &&
                    m.role !== GroupRole.owner &&
                    m.userId !== me &&
                    (owner || m.role !== GroupRole.admin) && (
                      <Button
                        size="small"
                        type="link"
                        danger
                        onClick={() => void run(() => removeGroupMembers(groupId, [m.userId]))}
                      >
                        {t('remove')}
                      </Button>
                    )}
                </Space>
              </li>
            ))}
          </ul>
          {owner && (
            <Popconfirm
              title={t('dissolveConfirm')}
              okText={t('ok')}
              cancelText={t('cancel')}
              onConfirm={() =>
                void run(async () => {
                  await dissolveGroup(groupId);
                  onClose();
                })
              }
            >
              <Button danger block>
                {t('dissolve')}
              </Button>
            </Popconfirm>
          )}
        </div>
      )}
    </Drawer>
  );
}
