import { passwordSchema } from '@crm/shared';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '@/shell/call';
import { personMessages } from './messages';
import { zodRule } from './zod-rule';

type Values = { oldPwd: string; newPwd: string; confirm: string };

/** POST /system/user/updatePassword {oldPwd, newPwd}; the new password follows the server's schema. */
export function PasswordForm() {
  const t = personMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const onFinish = async ({ oldPwd, newPwd }: Values) => {
    setSaving(true);
    try {
      await call('/system/user/updatePassword', { oldPwd, newPwd });
      message.success(t('passwordChanged'));
      form.resetFields();
    } catch {
      // the request layer has shown the server's message (e.g. 原密码错误)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '120px' }}
      wrapperCol={{ flex: '360px' }}
      onFinish={onFinish}
      autoComplete="off"
    >
      <Form.Item name="oldPwd" label={t('oldPwd')} rules={[{ required: true, message: t('oldPwdRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPwd" label={t('newPwd')} rules={[zodRule(passwordSchema, t('passwordRule'))]}>
        <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('passwordHint')} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirmPwd')}
        dependencies={['newPwd']}
        rules={[
          { required: true, message: t('confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, v) =>
              !v || v === getFieldValue('newPwd') ? Promise.resolve() : Promise.reject(t('confirmMismatch')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('submitPassword')}
        </Button>
      </Form.Item>
    </Form>
  );
}
