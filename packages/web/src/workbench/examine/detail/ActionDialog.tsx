import { examineText } from '@crm/shared';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { type ExamineDetail, examineApi } from '../api';
import { levelOf, stepLabel } from './FlowTimeline';
import { useFlowMessages } from './flow-messages';
import { useDetailMessages } from './messages';

export type DialogKind = 'approve' | 'reject' | 'transfer' | 'addApprover' | 'returnTo' | 'withdraw';

type Values = {
  remarks?: string;
  next?: PickedUser[];
  to?: PickedUser[];
  users?: PickedUser[];
  position?: 'before' | 'after';
  toStepId?: number;
};

/** The dialog of one action: remarks (required to reject, withdraw and return) and the action's own choice. */
export function ActionDialog({
  kind,
  detail,
  onClose,
  onDone,
}: {
  kind: DialogKind | null;
  detail: ExamineDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useDetailMessages();
  const fm = useFlowMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (kind) form.resetFields();
  }, [kind, form]);

  const recordId = detail.recordId;
  const run = async (v: Values) => {
    const remarks = v.remarks?.trim() || undefined;
    switch (kind) {
      case 'approve':
        return examineApi.audit({ recordId, status: 1, remarks, nextUserId: v.next?.[0]?.userId });
      case 'reject':
        return examineApi.audit({ recordId, status: 2, remarks });
      case 'withdraw':
        return examineApi.audit({ recordId, status: 4, remarks });
      case 'transfer':
        return examineApi.transfer({ recordId, toUserId: v.to![0]!.userId, remarks });
      case 'addApprover':
        return examineApi.addApprover({
          recordId,
          userIds: (v.users ?? []).map((u) => u.userId),
          position: v.position ?? 'after',
          remarks,
        });
      case 'returnTo':
        return examineApi.returnTo({ recordId, toStepId: v.toStepId ?? 0, remarks: remarks ?? '' });
    }
  };
  const ok = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await run(v);
      message.success(t('done'));
      onDone();
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const requiredRemarks: Partial<Record<DialogKind, string>> = {
    reject: t('rejectRemarks'),
    withdraw: t('withdrawRemarks'),
    returnTo: t('returnRemarks'),
  };
  const needRemarks = kind ? requiredRemarks[kind] : undefined;
  const remarksLabel =
    kind === 'withdraw' ? t('withdrawReason') : kind === 'returnTo' ? t('returnReason') : t('remarks');
  const returnOptions = [
    { value: 0, label: t('toApplicant', { name: detail.createUser?.realname ?? '' }) },
    ...detail.returnableSteps.map((id) => {
      const i = detail.flow.findIndex((s) => s.stepId === id);
      const step = detail.flow[i];
      const who = step?.tasks
        .map((x) => x.user?.realname)
        .filter(Boolean)
        .join('、');
      return {
        value: id,
        label: `${t('toStep', { n: i + 1, label: step ? stepLabel(step, fm, levelOf(detail.flow, step)) : '' })}${who ? `（${who}）` : ''}`,
      };
    }),
  ];
  const one = (msg: string) => [
    {
      validator: async (_: unknown, v?: PickedUser[]) => {
        if (!v?.length) throw new Error(msg);
      },
    },
  ];

  return (
    <Modal
      open={kind !== null}
      title={kind ? t(kind) : ''}
      okText={kind ? t(kind) : t('ok')}
      okButtonProps={{ danger: kind === 'reject', loading: busy }}
      cancelText={t('cancel')}
      onOk={ok}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="examine-action" initialValues={{ position: 'after', toStepId: 0 }}>
        {kind === 'transfer' && (
          <Form.Item name="to" label={t('transferTo')} required rules={one(t('transferRequired'))}>
            <MemberSelect single title={t('transferTo')} />
          </Form.Item>
        )}
        {kind === 'addApprover' && (
          <>
            <Form.Item name="position" label={t('addPosition')}>
              <Radio.Group
                options={[
                  { value: 'before', label: t('addBefore') },
                  { value: 'after', label: t('addAfter') },
                ]}
              />
            </Form.Item>
            <Form.Item name="users" label={t('addUsers')} required rules={one(t('addUsersRequired'))}>
              <MemberSelect title={t('addUsers')} />
            </Form.Item>
          </>
        )}
        {kind === 'returnTo' && (
          <Form.Item name="toStepId" label={t('returnTarget')} required>
            <Select options={returnOptions} />
          </Form.Item>
        )}
        {kind === 'approve' && detail.permitted.chooseNext && (
          <Form.Item name="next" label={t('nextApprover')} extra={t('nextApproverHint')}>
            <MemberSelect single title={t('nextApprover')} />
          </Form.Item>
        )}
        <Form.Item
          name="remarks"
          label={needRemarks ? remarksLabel : t('remarksOptional')}
          required={Boolean(needRemarks)}
          rules={needRemarks ? [{ required: true, whitespace: true, message: needRemarks }] : []}
        >
          <Input.TextArea rows={3} maxLength={examineText.remarks.max} showCount aria-label={remarksLabel} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
