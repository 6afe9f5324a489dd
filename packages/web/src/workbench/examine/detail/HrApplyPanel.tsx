import { authHas, HR_APPLY_TYPES, HrApplyMsg } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Button, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { defineMessages } from '@/i18n';
import { call } from '@/shell/call';
import { useSession } from '@/shell/session';
import { showTime } from '@/shell/time';
import type { ExamineDetail } from '../api';

const useMessages = defineMessages({
  zh: {
    applyTransfer: '执行调岗',
    applyProbation: '执行转正',
    pendingTransfer: '审批已通过，调岗尚未执行：执行后员工的部门、岗位和直属上级随之变更。',
    pendingProbation: '审批已通过，转正尚未执行：执行后该员工标记为已转正。',
    applied: '{who} 于 {time} 已执行',
    moved: '{name}：{from} → {to}',
    confirmed: '{name} 已转正',
    person: '调岗人员',
    dept: '调岗后部门',
    post: '调岗后职位',
    leader: '调岗后领导',
    confirmProbation: '确认 {name} 转正？',
    ok: '执行',
    cancel: '取消',
    done: '已执行',
  },
  en: {
    applyTransfer: 'Apply the transfer',
    applyProbation: 'Confirm the employee',
    pendingTransfer: 'Approved, not applied yet: applying moves the employee to the new department, post and leader.',
    pendingProbation: 'Approved, not applied yet: applying marks the employee as confirmed.',
    applied: 'Applied by {who} on {time}',
    moved: '{name}: {from} → {to}',
    confirmed: '{name} is confirmed',
    person: 'Employee',
    dept: 'New department',
    post: 'New post',
    leader: 'New leader',
    confirmProbation: 'Confirm {name} at the end of probation?',
    ok: 'Apply',
    cancel: 'Cancel',
    done: 'Applied',
  },
});

type TransferValues = { person: PickedUser[]; deptId?: number; post?: string; leader: PickedUser[] };

/** The approved 调岗 form's person, new department, post and leader, as the apply starts from. */
function transferPrefill(model: unknown): TransferValues {
  const m = (model ?? {}) as Record<string, unknown>;
  const picked = (id: unknown, name: unknown): PickedUser[] =>
    typeof id === 'number' ? [{ userId: id, realname: typeof name === 'string' ? name : '', img: '' }] : [];
  return {
    person: picked(m.userId, m.userName),
    deptId: typeof m.newDeptId === 'number' ? m.newDeptId : undefined,
    post: typeof m.newPost === 'string' ? m.newPost : undefined,
    leader: picked(m.leader, m.leaderName),
  };
}
const place = (p: { deptName: string; post: string; parentName: string }) =>
  [p.deptName, p.post, p.parentName].filter(Boolean).join(' / ');

/**
 * HR apply (approved 调岗 and 转正 approvals): the approval itself changes nothing in the
 * organisation; an HR administrator (manage:users:hrApply) applies it here with one click, and
 * the drawer then shows what was done, by whom and when.
 */
export function HrApplyPanel({ detail }: { detail: ExamineDetail }) {
  const t = useMessages();
  const { auth } = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<TransferValues>();
  const transfer = detail.categoryType === HR_APPLY_TYPES.positionTransfer;
  const probation = detail.categoryType === HR_APPLY_TYPES.probation;
  const applicant = detail.createUser;
  const shown =
    (transfer || probation) && detail.status === 1 && applicant !== null && authHas(auth, 'manage.users.hrApply');
  const key = ['examine', 'hrApply', detail.examineId] as const;
  const applied = useQuery({
    queryKey: key,
    queryFn: () => call('/OaExamine/queryHrApply', { examineId: detail.examineId }),
    enabled: shown,
  });
  const depts = useQuery({
    queryKey: ['examine', 'adjust', 1],
    queryFn: () => call('/OaExamine/queryAdjustOptions', { type: 1 }),
    enabled: open && transfer,
  });
  const posts = useQuery({
    queryKey: ['examine', 'adjust', 2],
    queryFn: () => call('/OaExamine/queryAdjustOptions', { type: 2 }),
    enabled: open && transfer,
  });
  if (!shown || applied.isPending) return null;

  const run = async (body: Record<string, unknown>) => {
    setSaving(true);
    try {
      await call('/OaExamine/applyHrChange', { examineId: detail.examineId, ...body });
      message.success(t('done'));
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: key });
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };
  const ok = async () => {
    if (probation) return run({ userId: applicant!.userId, confirm: 1 });
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    return run({ userId: v.person[0]!.userId, deptId: v.deptId, post: v.post, parentId: v.leader[0]!.userId });
  };

  const record = applied.data;
  if (record) {
    return (
      <Alert
        type="success"
        showIcon
        className="exm-hr-apply"
        data-testid="hr-applied"
        message={t('applied', {
          who: record.appliedBy?.realname ?? '',
          time: showTime(record.appliedAt),
        })}
        description={
          record.kind === 'probation'
            ? t('confirmed', { name: record.user?.realname ?? '' })
            : t('moved', { name: record.user?.realname ?? '', from: place(record.before), to: place(record.after) })
        }
      />
    );
  }
  const need = (msg: string) => [{ required: true, message: msg }];
  const picked = (msg: string) => [
    {
      validator: async (_: unknown, v: PickedUser[] | undefined) =>
        v?.length ? undefined : Promise.reject(new Error(msg)),
    },
  ];
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="exm-hr-apply"
        data-testid="hr-apply"
        message={transfer ? t('pendingTransfer') : t('pendingProbation')}
        action={
          <Button type="primary" size="small" onClick={() => setOpen(true)}>
            {transfer ? t('applyTransfer') : t('applyProbation')}
          </Button>
        }
      />
      <Modal
        open={open}
        title={transfer ? t('applyTransfer') : t('applyProbation')}
        okText={t('ok')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        onOk={ok}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {probation ? (
          <Typography.Paragraph>{t('confirmProbation', { name: applicant!.realname })}</Typography.Paragraph>
        ) : (
          <Form form={form} layout="vertical" name="hr-apply" initialValues={transferPrefill(detail.model)}>
            <Form.Item name="person" label={t('person')} required rules={picked(HrApplyMsg.userRequired)}>
              <MemberSelect single title={t('person')} placeholder={t('person')} />
            </Form.Item>
            <Form.Item name="deptId" label={t('dept')} required rules={need(HrApplyMsg.deptRequired)}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={depts.isLoading}
                options={(depts.data ?? []).map((d) => ({ value: d.id!, label: d.name }))}
              />
            </Form.Item>
            <Form.Item name="post" label={t('post')} required rules={need(HrApplyMsg.postRequired)}>
              <AutoComplete options={(posts.data ?? []).map((p) => ({ value: p.name }))} maxLength={50} />
            </Form.Item>
            <Form.Item name="leader" label={t('leader')} required rules={picked(HrApplyMsg.leaderRequired)}>
              <MemberSelect single title={t('leader')} placeholder={t('leader')} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
