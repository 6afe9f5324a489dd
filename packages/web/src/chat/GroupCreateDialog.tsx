import { ChatMsg } from '@crm/shared';
import { Button, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { SubmitModal } from '@/components/form/SubmitModal';
import { MemberPicker, type PickedUser } from '@/components/member-picker';
import { createGroup } from './api';
import { useChatMessages } from './messages';

/** 发起群聊: a name and the members from the member picker; the creator owns the group. */
export function GroupCreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (groupId: number) => void;
}) {
  const t = useChatMessages();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<PickedUser[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!name.trim()) return setError(ChatMsg.groupNameRequired);
    if (!members.length) return setError(ChatMsg.groupMembersRequired);
    const group = await createGroup({ name: name.trim(), userIds: members.map((m) => m.userId) });
    setName('');
    setMembers([]);
    setError(null);
    onCreated(group.groupId);
  };

  return (
    <SubmitModal
      open={open}
      title={t('newGroup')}
      onCancel={onClose}
      onSubmit={submit}
      okText={t('create')}
      cancelText={t('cancel')}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('groupName')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input value={name} maxLength={50} onChange={(e) => setName(e.target.value)} data-testid="chat-group-name" />
        </Form.Item>
        <Form.Item label={t('groupMembers')} required>
          <div className="chat-picked">
            {members.map((m) => (
              <Tag key={m.userId} closable onClose={() => setMembers((x) => x.filter((u) => u.userId !== m.userId))}>
                {m.realname}
              </Tag>
            ))}
            <MemberPicker hideDepts value={{ users: members, depts: [] }} onConfirm={(v) => setMembers(v.users)}>
              <Button size="small" data-testid="chat-group-pick">
                {t('pickMembers')}
              </Button>
            </MemberPicker>
          </div>
        </Form.Item>
      </Form>
    </SubmitModal>
  );
}
