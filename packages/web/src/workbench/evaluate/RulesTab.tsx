import { type CouponRuleRow, fenToYuan, showFen } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { evaluateApi, evaluateKeys, type RuleForm } from './api';
import { useEvaluateMessages } from './messages';

const blank: RuleForm = {
  name: '',
  value: '',
  threshold: '0',
  validDays: 30,
  projectIds: [],
  enabled: true,
  remark: '',
  reviewReward: true,
  minAverage: 4,
  minEach: 0,
};

/** 优惠券规则: what a coupon is worth, from which order amount, for how long, for which projects, and which reviews earn it. */
export function RulesTab() {
  const t = useEvaluateMessages();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<RuleForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<RuleForm>();
  const rules = useQuery({
    queryKey: evaluateKeys.rules(page),
    queryFn: () => evaluateApi.rules(page, 15),
    placeholderData: keepPreviousData,
  });
  const projects = useQuery({
    queryKey: evaluateKeys.projects,
    queryFn: evaluateApi.projects,
    enabled: editing !== null,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: evaluateKeys.all });

  const edit = (r?: CouponRuleRow) => {
    const values: RuleForm = r
      ? {
          ruleId: r.ruleId,
          name: r.name,
          value: fenToYuan(r.value),
          threshold: fenToYuan(r.threshold),
          validDays: r.validDays,
          projectIds: r.projectIds,
          enabled: r.enabled,
          remark: r.remark,
          reviewReward: r.reviewReward,
          minAverage: r.minAverage,
          minEach: r.minEach,
        }
      : blank;
    setEditing(values);
    form.setFieldsValue(values);
  };
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await evaluateApi.saveRule({ ...values, ruleId: editing?.ruleId });
      message.success(t('saved'));
      setEditing(null);
      refresh();
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const remove = (r: CouponRuleRow) =>
    modal.confirm({
      title: t('deleteConfirm', { name: r.name }),
      onOk: async () => {
        await evaluateApi.deleteRule(r.ruleId);
        refresh();
      },
    });

  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => edit()}>
        {t('newRule')}
      </Button>
      <Table<CouponRuleRow>
        rowKey="ruleId"
        size="small"
        loading={rules.isFetching}
        dataSource={rules.data?.list ?? []}
        pagination={{ current: page, pageSize: 15, total: rules.data?.totalRow ?? 0, onChange: setPage }}
        columns={[
          { title: t('ruleName'), dataIndex: 'name' },
          { title: t('value'), dataIndex: 'value', width: 90, render: (v: number) => showFen(v) },
          { title: t('threshold'), dataIndex: 'threshold', width: 110, render: (v: number) => showFen(v) },
          { title: t('validDays'), dataIndex: 'validDays', width: 80 },
          {
            title: t('projects'),
            dataIndex: 'projectNames',
            ellipsis: true,
            render: (v: string[]) => (v.length ? v.join('、') : t('allProjects')),
          },
          {
            title: t('condition'),
            key: 'condition',
            width: 150,
            render: (_, r) => (r.reviewReward ? t('conditionText', { avg: r.minAverage, each: r.minEach }) : '—'),
          },
          { title: t('enabled'), dataIndex: 'enabled', width: 60, render: (v: boolean) => (v ? t('yes') : t('no')) },
          { title: t('issued'), dataIndex: 'issuedCount', width: 60 },
          {
            title: t('actions'),
            key: 'actions',
            width: 110,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => edit(r)}>
                  {t('edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(r)}>
                  {t('delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.ruleId ? t('edit') : t('newRule')}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('ruleName')} rules={[{ required: true, max: 50 }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Space>
            <Form.Item name="value" label={t('value')} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="threshold" label={t('threshold')}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="validDays" label={t('validDays')} rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item name="projectIds" label={t('projects')}>
            <Select
              mode="multiple"
              allowClear
              loading={projects.isLoading}
              optionFilterProp="label"
              options={(projects.data?.list ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
            />
          </Form.Item>
          <Space>
            <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="reviewReward"
              label={t('reviewReward')}
              valuePropName="checked"
              tooltip={t('reviewRewardHint')}
            >
              <Switch />
            </Form.Item>
            <Form.Item name="minAverage" label={t('minAverage')}>
              <InputNumber min={0} max={5} step={0.1} precision={1} />
            </Form.Item>
            <Form.Item name="minEach" label={t('minEach')}>
              <InputNumber min={0} max={5} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
