import { CameraOutlined } from '@ant-design/icons';
import { App, Card, Descriptions, Upload } from 'antd';
import { useState } from 'react';
import { call } from '@/shell/call';
import { UserAvatar } from '@/shell/layout/UserAvatar';
import { useSession, useSetSessionUser } from '@/shell/session';
import { personMessages } from './messages';
import './person.css';
import { showTime } from '@/shell/time';

/** My picture (click to change: multipart `file` to /system/user/updateImg) and who I am. */
export function ProfileCard() {
  const t = personMessages();
  const { user } = useSession();
  const setUser = useSetSessionUser();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      message.error(t('notImage'));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    try {
      const { img } = await call('/system/user/updateImg', form);
      setUser({ img });
      message.success(t('avatarUpdated'));
    } catch {
      // the request layer has shown the server's message
    } finally {
      setUploading(false);
    }
  };

  const none = t('none');
  return (
    <Card variant="borderless" loading={false}>
      <div className="person-head">
        <Upload
          accept="image/*"
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <button type="button" className="person-avatar" aria-label={t('changeAvatar')} data-testid="avatar-upload">
            <UserAvatar name={user.realname} img={user.img} size={88} />
            <span className="person-avatar-mask">
              <CameraOutlined />
              <span>{t('changeAvatar')}</span>
            </span>
          </button>
        </Upload>
        <div className="person-name">{user.realname}</div>
        <div className="person-sub">{[user.deptName, user.post].filter(Boolean).join(' · ') || none}</div>
      </div>
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 88, color: '#8f959e' } }}
        items={[
          { key: 'username', label: t('username'), children: user.username },
          { key: 'num', label: t('num'), children: user.num || none },
          { key: 'dept', label: t('dept'), children: user.deptName || none },
          { key: 'post', label: t('post'), children: user.post || none },
          { key: 'parent', label: t('parent'), children: user.parentName || none },
          { key: 'roles', label: t('roles'), children: user.roleNames.split(',').filter(Boolean).join('、') || none },
          {
            key: 'lastLogin',
            label: t('lastLogin'),
            children: user.lastLoginTime ? showTime(user.lastLoginTime) : none,
          },
        ]}
      />
    </Card>
  );
}
