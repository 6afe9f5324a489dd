import { type PoolRules, poolRulesSchema } from '@crm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { poolApi, poolKeys } from '@/crm/pool/api';
import { defineMessages } from '@/i18n';
import { useCommonMessages } from '../messages';

const useMessages = defineMessages({
  zh: {
    title: '公海规则',
    status: '启用自动放入公海',
    statusHint: '开启后，系统每隔几分钟检查一次，把符合下列条件的客户放回公海（已锁定、已成交的客户除外）。',
    followUpDays: '超过多少天未跟进',
    followUpHint: '从最近一次跟进（没有跟进则从创建或领取）算起',
    dealDays: '领取后多少天未成交',
    dealHint: '从公海领取或被分配之日算起',
    days: '天',
  },
  en: {
    title: 'Pool rules',
    status: 'Return customers to the pool automatically',
    statusHint:
      'When on, every few minutes customers matching a rule below go back to the pool (locked and closed ones never do).',
    followUpDays: 'Days without a follow-up',
    followUpHint: 'Counted from the last follow-up (or creation, or taking it from the pool)',
    dealDays: 'Days without a deal after taking',
    dealHint: 'Counted from receiving or being given it from the pool',
    days: 'days',
  },
});

type Values = { status: boolean; followUpDays: number | null; dealDays: number | null };
/** The switch is a boolean in the form, 0/1 on the wire; empty numbers stay empty so the schema names them. */
const toInput = (v: Record<string, unknown>) => ({
  status: v.status ? 1 : 0,
  followUpDays: v.followUpDays ?? '',
  dealDays: v.dealDays ?? '',
});
const rulesFor = zodRules(poolRulesSchema, toInput);

/** Manager › 客户管理 › 公海规则 (manage:crm:pool): the return job's switch and its two deadlines. */
export default function PoolRulesPage() {
  const t = useMessages();
  const c = useCommonMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const rules = useQuery({ queryKey: poolKeys.rules, queryFn: poolApi.rules });
  useEffect(() => {
    if (rules.data) form.setFieldsValue({ ...rules.data, status: rules.data.status === 1 });
  }, [rules.data, form]);

  const save = useMutation({
    mutationFn: (v: PoolRules) => poolApi.saveRules(v),
    onSuccess: () => {
      message.success(c('saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: poolKeys.all });
    },
  });
  const submit = async () => {
    const checked = await validateWithSchema(form, poolRulesSchema, toInput);
    if (checked) save.mutate(checked);
  };

  return (
    <Card title={t('title')}>
      <Spin spinning={rules.isLoading}>
        <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={() => void submit()}>
          <Form.Item name="status" label={t('status')} valuePropName="checked" extra={t('statusHint')}>
            <Switch />
          </Form.Item>
          <Form.Item
            name="followUpDays"
            label={t('followUpDays')}
            extra={t('followUpHint')}
            rules={rulesFor('followUpDays')}
          >
            <InputNumber precision={0} addonAfter={t('days')} />
          </Form.Item>
          <Form.Item name="dealDays" label={t('dealDays')} extra={t('dealHint')} rules={rulesFor('dealDays')}>
            <InputNumber precision={0} addonAfter={t('days')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {c('save')}
          </Button>
        </Form>
      </Spin>
    </Card>
  );
}
