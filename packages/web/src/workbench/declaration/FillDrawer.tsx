import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Popconfirm, Space, Spin, Typography } from 'antd';
import { collectFields, DynamicDisplay, DynamicFormFields, initialValues } from '@/components/dynamic-form';
import { showTime } from '@/shell/time';
import { declApi, declKeys } from './api';
import { useDeclMessages } from './messages';
import { StatusTag } from './status';

/**
 * Fill in one form (web or phone: the drawer is at most the screen's width and the fields stack
 * on a narrow screen). Waiting or approved forms show what was sent; a waiting one may be revoked.
 */
export function FillDrawer({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const t = useDeclMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const task = useQuery({ queryKey: declKeys.task(taskId), queryFn: () => declApi.task(taskId) });
  const done = async (text: string) => {
    message.success(text);
    await queryClient.invalidateQueries({ queryKey: declKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['todo'] });
  };
  const submit = useMutation({
    mutationFn: (values: Record<string, unknown>) => declApi.submit(taskId, values),
    onSuccess: async () => {
      await done(t('submitted'));
      onClose();
    },
  });
  const revoke = useMutation({ mutationFn: () => declApi.revoke(taskId), onSuccess: () => done(t('revoked')) });
  const d = task.data;
  const status = d?.mine?.status ?? 0;
  const editable = d !== undefined && !d.overdue && (status === 0 || status === 3 || status === 4);
  const send = async () => {
    // The form shows what is missing beside each field.
    if (
      !(await form.validateFields().then(
        () => true,
        () => false,
      ))
    )
      return;
    const values = Object.fromEntries(
      collectFields(d!.fields, form.getFieldsValue(true).values ?? {}).map((f) => [f.fieldName, f.value]),
    );
    submit.mutate(values);
  };
  return (
    <Drawer
      open
      rootClassName="decl-drawer"
      size={720}
      title={d?.title ?? ''}
      onClose={onClose}
      destroyOnHidden
      footer={
        d && (
          <Space style={{ float: 'right' }}>
            {status === 1 && (
              <Popconfirm title={t('revokeConfirm')} onConfirm={() => revoke.mutate()}>
                <Button loading={revoke.isPending} data-testid="decl-revoke">
                  {t('revoke')}
                </Button>
              </Popconfirm>
            )}
            {editable && (
              <Button type="primary" loading={submit.isPending} onClick={send} data-testid="decl-submit">
                {t('submit')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {!d ? (
        <Spin />
      ) : (
        <>
          <div className="decl-head">
            <Typography.Text type="secondary">
              {t('deadline')} {showTime(d.deadline)} · {t('issuedBy', { name: d.createUserName })}{' '}
              <StatusTag status={status} />
            </Typography.Text>
            {d.description && <Typography.Paragraph>{d.description}</Typography.Paragraph>}
            {status === 3 && d.mine && (
              <Alert type="error" showIcon title={t('rejectedReason', { reason: d.mine.auditReason })} />
            )}
            {status === 1 && <Alert type="info" showIcon title={t('waitingNote')} />}
            {status === 2 && <Alert type="success" showIcon title={t('approvedNote')} />}
            {d.overdue && (status === 0 || status === 3 || status === 4) && (
              <Alert type="warning" showIcon title={t('closedNote')} />
            )}
          </div>
          {editable ? (
            <Form
              form={form}
              layout="vertical"
              initialValues={{ values: initialValues(d.fields, d.mine?.values) }}
              data-testid="decl-fill-form"
            >
              <DynamicFormFields fields={d.fields} />
            </Form>
          ) : (
            <DynamicDisplay fields={d.fields} values={d.mine?.values ?? {}} column={1} />
          )}
        </>
      )}
    </Drawer>
  );
}
