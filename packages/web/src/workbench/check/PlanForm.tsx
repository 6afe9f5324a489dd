import { checkText } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { UserSelect } from '@/booking/pickers';
import { newBatchId } from '@/components/dynamic-form';
import { type CheckPlanDetail, checkApi, checkKeys } from './api';
import { useCheckMessages } from './messages';
import { DeptPicker, ShopPicker, TemplatePicker } from './pickers';

type Values = {
  templateId: number;
  targetType: 1 | 2;
  storeId?: number | null;
  deptId?: number | null;
  inspectorId: number;
  plannedDate: Dayjs;
  remark?: string;
};

/** Plan an inspection (or edit one still 待检查): the server checks every field again. */
export function PlanForm({ plan, onClose }: { plan?: CheckPlanDetail; onClose: () => void }) {
  const t = useCheckMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  // One batch per form: a double click answers the first plan.
  const [batchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const targetType = Form.useWatch('targetType', form) ?? plan?.targetType ?? 1;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await checkApi.savePlan({
        planId: plan?.planId,
        templateId: v.templateId,
        targetType: v.targetType,
        storeId: v.targetType === 1 ? (v.storeId ?? undefined) : undefined,
        deptId: v.targetType === 2 ? (v.deptId ?? undefined) : undefined,
        inspectorId: v.inspectorId,
        plannedDate: v.plannedDate.format('YYYY-MM-DD'),
        remark: v.remark ?? '',
        batchId: plan ? undefined : batchId,
      });
      message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: checkKeys.all });
      onClose();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const required = (label: string) => [{ required: true, message: label }];
  return (
    <Modal
      open
      title={plan ? t('editPlan') : t('newPlan')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="check-plan"
        initialValues={{
          targetType: plan?.targetType ?? 1,
          templateId: plan?.templateId,
          storeId: plan?.targetType === 1 ? plan.targetId : undefined,
          deptId: plan?.targetType === 2 ? plan.targetId : undefined,
          inspectorId: plan?.inspectorId,
          plannedDate: plan ? dayjs(plan.plannedDate) : undefined,
          remark: plan?.remark,
        }}
      >
        <Form.Item name="templateId" label={t('template')} rules={required(t('template'))}>
          <TemplatePicker label={t('template')} />
        </Form.Item>
        <Form.Item name="targetType" label={t('targetType')}>
          <Radio.Group
            options={[
              { value: 1, label: t('shop') },
              { value: 2, label: t('dept') },
            ]}
          />
        </Form.Item>
        {targetType === 1 ? (
          <Form.Item name="storeId" label={t('shop')} rules={required(t('shop'))}>
            <ShopPicker label={t('shop')} />
          </Form.Item>
        ) : (
          <Form.Item name="deptId" label={t('dept')} rules={required(t('dept'))}>
            <DeptPicker label={t('dept')} />
          </Form.Item>
        )}
        <Form.Item name="inspectorId" label={t('inspector')} rules={required(t('inspector'))}>
          <UserSelect label={t('inspector')} />
        </Form.Item>
        <Form.Item name="plannedDate" label={t('plannedDate')} rules={required(t('plannedDate'))}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea rows={2} maxLength={checkText.remark.max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
