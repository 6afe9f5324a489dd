import { CHAT_TEXT_MAX, ChatMsg } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { SubmitModal } from '@/components/form/SubmitModal';
import { emptyPickerValue, MemberPicker, type PickerValue } from '@/components/member-picker';
import { call } from '@/shell/call';
import { useChatMessages } from './messages';

const newId = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * 群发消息: one text to chosen colleagues and departments, each as a one-to-one message. The
 * recipients are counted by the server (queryMassUserList); the request's clientMsgId stays the
 * same until it succeeds, so a double click or a retry sends once.
 */
export function MassMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useChatMessages();
  const { message } = App.useApp();
  const [to, setTo] = useState<PickerValue>(emptyPickerValue());
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [clientMsgId, setClientMsgId] = useState(newId);
  const userIds = to.users.map((u) => u.userId);
  const deptIds = to.depts.map((d) => d.id);
  const chosen = userIds.length + deptIds.length > 0;
  const recipients = useQuery({
    queryKey: ['chat', 'mass', userIds, deptIds],
    queryFn: () => call('/system/user/queryMassUserList', { userIds, deptIds }, { method: 'GET', silent: true }),
    enabled: open && chosen,
  });

  const submit = async () => {
    if (!chosen) return setError(ChatMsg.massRecipientsRequired);
    if (!text.trim()) return setError(ChatMsg.textRequired);
    const res = await call(
      '/api/message/sendMassMsg',
      { clientMsgId, userIds, deptIds, content: text },
      { json: true },
    );
    message.success(t('massSent', { n: res.count }));
    setTo(emptyPickerValue());
    setText('');
    setError(null);
    setClientMsgId(newId());
    onClose();
  };

  return (
    <SubmitModal
      open={open}
      title={t('mass')}
      onCancel={onClose}
      onSubmit={submit}
      okText={t('send')}
      cancelText={t('cancel')}
    >
      <Form layout="vertical">
        <Form.Item label={t('massTo')} required>
          <div className="chat-picked">
            {to.depts.map((d) => (
              <Tag key={`d${d.id}`} color="blue">
                {d.name}
              </Tag>
            ))}
            {to.users.map((u) => (
              <Tag key={u.userId}>{u.realname}</Tag>
            ))}
            <MemberPicker value={to} onConfirm={setTo}>
              <Button size="small" data-testid="chat-mass-pick">
                {t('pickMembers')}
              </Button>
            </MemberPicker>
          </div>
          {chosen && recipients.data && (
            <div className="chat-mass-count">{t('massCount', { n: recipients.data.length })}</div>
          )}
        </Form.Item>
        <Form.Item
          label={t('massText')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.TextArea
            value={text}
            maxLength={CHAT_TEXT_MAX}
            autoSize={{ minRows: 4, maxRows: 8 }}
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Item>
      </Form>
    </SubmitModal>
  );
}
