import { EditOutlined } from '@ant-design/icons';
import { profileUpdateSchema } from '@crm/shared';
import { App, Button, Descriptions, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { call } from '@/shell/call';
import { type LoginUser, useSession, useSetSessionUser } from '@/shell/session';
import { personMessages } from './messages';
import { zodRule } from './zod-rule';

type Values = Pick<LoginUser, 'realname' | 'mobile' | 'email' | 'sex'>;
const fields = profileUpdateSchema.shape;

/** Name, mobile, email and gender: shown, or edited and saved with POST /system/user/updateUser. */
export function ProfilePanel() {
  const t = personMessages();
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const sexText = user.sex === 1 ? t('male') : user.sex === 2 ? t('female') : t('unset');

  if (!editing) {
    return (
      <div>
        <Descriptions
          column={1}
          styles={{ label: { width: 120 } }}
          items={[
            { key: 'realname', label: t('realname'), children: user.realname },
            { key: 'mobile', label: t('mobile'), children: user.mobile || t('none') },
            { key: 'email', label: t('email'), children: user.email || t('none') },
            { key: 'sex', label: t('sex'), children: sexText },
          ]}
        />
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} style={{ marginTop: 8 }}>
          {t('edit')}
        </Button>
      </div>
    );
  }
  return <ProfileForm user={user} onDone={() => setEditing(false)} />;
}

function ProfileForm({ user, onDone }: { user: LoginUser; onDone: () => void }) {
  const t = personMessages();
  const { message } = App.useApp();
  const setUser = useSetSessionUser();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    setSaving(true);
    try {
      const profile = await call('/system/user/updateUser', { ...values, sex: values.sex ?? 0 });
      setUser(profile);
      message.success(t('saved'));
      onDone();
    } catch {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      layout="horizontal"
      labelCol={{ flex: '120px' }}
      wrapperCol={{ flex: '360px' }}
      initialValues={{ realname: user.realname, mobile: user.mobile, email: user.email, sex: user.sex || undefined }}
      onFinish={onFinish}
    >
      <Form.Item name="realname" label={t('realname')} rules={[zodRule(fields.realname, t('realnameRequired'))]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="mobile" label={t('mobile')} rules={[zodRule(fields.mobile, t('mobileInvalid'))]}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[zodRule(fields.email, t('emailInvalid'))]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sex" label={t('sex')}>
        <Radio.Group
          options={[
            { value: 1, label: t('male') },
            { value: 2, label: t('female') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('save')}
          </Button>
          <Button onClick={onDone}>{t('cancel')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
