import { callSettingsSaveSchema, type NumericRule } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Radio, Skeleton } from 'antd';
import { useEffect } from 'react';
import { NumericInput } from '@/components/form/NumericInput';
import { validateWithSchema } from '@/components/form/zod-rules';
import { callApi, callKeys } from './api';
import { useCallMessages } from './messages';

/** Milliseconds: whole, unsigned, up to 60000 (the schema's range). */
const msRule: NumericRule = { integerDigits: 5, fractionDigits: 0, signed: false, digitsOf: 'number' };

type Values = {
  provider: 'simulated' | 'moor';
  moorAccountId: string;
  moorSecret: string;
  moorBaseUrl: string;
  ringMs: number | string;
  talkMs: number | string;
};

/** 话务设置 (administrators): which provider dials; 七陌's keys (the secret is write-only); the simulated timings. */
export function SettingsTab() {
  const t = useCallMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const settings = useQuery({ queryKey: callKeys.settings, queryFn: callApi.settings });
  const provider = Form.useWatch('provider', form);
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ ...settings.data, moorSecret: '' });
  }, [settings.data, form]);
  if (!settings.data) return <Skeleton active />;
  const save = async () => {
    const parsed = await validateWithSchema(form, callSettingsSaveSchema, (v) => v);
    if (!parsed) return;
    try {
      queryClient.setQueryData(callKeys.settings, await callApi.saveSettings(form.getFieldsValue(true)));
      form.setFieldValue('moorSecret', '');
      message.success(t('saved'));
    } catch {
      // the request layer showed why
    }
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 520 }}>
      <Form.Item name="provider" label={t('provider')}>
        <Radio.Group
          options={[
            { value: 'simulated', label: t('simulated') },
            { value: 'moor', label: t('moor') },
          ]}
        />
      </Form.Item>
      {provider === 'moor' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('moorNote', { url: `${window.location.origin}/moor/callback` })}
        />
      )}
      <Form.Item name="moorAccountId" label={t('moorAccountId')}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="moorSecret"
        label={t('moorSecret')}
        extra={settings.data.moorSecretSet ? t('secretSet') : t('secretUnset')}
      >
        <Input.Password maxLength={200} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="moorBaseUrl" label={t('moorBaseUrl')}>
        <Input maxLength={200} placeholder="https://openapis.7moor.com" />
      </Form.Item>
      <Form.Item name="ringMs" label={t('ringMs')}>
        <NumericInput rule={msRule} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="talkMs" label={t('talkMs')}>
        <NumericInput rule={msRule} style={{ width: 140 }} />
      </Form.Item>
      <Button type="primary" onClick={save}>
        {t('save')}
      </Button>
    </Form>
  );
}
