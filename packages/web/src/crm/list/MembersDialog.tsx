import { App, Form, Radio } from 'antd';
import { useState } from 'react';
import { SubmitModal } from '@/components/form/SubmitModal';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { useCrmMessages } from '../messages';

/**
 * 添加团队成员 (on selected rows or one record) and 编辑权限 (of chosen members): users and a power,
 * 1 read-only or 2 read-write. The server skips a record's owner.
 */
export function MembersDialog({
  open,
  title,
  initialUsers,
  initialPower = 1,
  fixedUsers,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initialUsers?: PickedUser[];
  initialPower?: 1 | 2;
  /** Editing the power of given members: no choosing of users. */
  fixedUsers?: boolean;
  onClose: () => void;
  onSubmit: (memberIds: number[], power: 1 | 2) => Promise<void>;
}) {
  const t = useCrmMessages();
  const { message } = App.useApp();
  const [users, setUsers] = useState<PickedUser[]>(initialUsers ?? []);
  const [power, setPower] = useState<1 | 2>(initialPower);
  const submit = () => {
    if (users.length === 0) {
      message.warning(t('chooseMembers'));
      return;
    }
    return onSubmit(
      users.map((u) => u.userId),
      power,
    );
  };
  return (
    <SubmitModal
      open={open}
      title={title}
      onCancel={onClose}
      onSubmit={submit}
      okText={t('save')}
      cancelText={t('cancel')}
      okTestId="members-save"
    >
      <Form layout="vertical" data-testid="members-dialog">
        <Form.Item label={t('members')} required>
          <MemberSelect value={users} onChange={setUsers} disabled={fixedUsers} title={t('members')} />
        </Form.Item>
        <Form.Item label={t('power')}>
          <Radio.Group value={power} onChange={(e) => setPower(e.target.value)}>
            <Radio value={1}>{t('power1')}</Radio>
            <Radio value={2}>{t('power2')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </SubmitModal>
  );
}
