import { resetPasswordSchema, type SystemUser } from '@crm/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { api } from '../api';
import { useCommonMessages } from '../messages';
import { useEmpMessages } from './messages';

type Values = { password: string; confirm: string };

/** An administrator sets a new password; the user's sessions end (server). */
export function ResetPasswordModal({ user, onClose }: { user: SystemUser | null; onClose: () => void }) {
  const t = useEmpMessages();
  const c = useCommonMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const withIds = (v: Record<string, unknown>) => ({ password: v.password, userIds: user ? [user.userId] : [] });
  const rules = zodRules(resetPasswordSchema, withIds);

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const reset = useMutation({
    mutationFn: (password: string) => api.resetPassword([user!.userId], password),
    onSuccess: () => {
      message.success(c('opSuccess'));
      onClose();
    },
  });

  const submit = async () => {
    const body = await validateWithSchema(form, resetPasswordSchema, withIds);
    if (body) reset.mutate(body.password);
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('resetPasswordFor', { name: user.realname }) : ''}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={reset.isPending}
      forceRender
    >
      <Alert type="info" showIcon title={t('resetPasswordHint')} style={{ marginBottom: 16 }} />
      <Form form={form} name="resetPassword" layout="vertical" autoComplete="off">
        <Form.Item
          name="password"
          label={t('newPassword')}
          extra={t('passwordHint')}
          required
          rules={rules('password')}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirmPassword')}
          dependencies={['password']}
          required
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, v) => {
                if (v !== getFieldValue('password')) throw new Error(t('passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
