import { type ApprovalFlowAnswer, type ClinicApprovalType, UserPageType } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Select, Typography } from 'antd';
import { fetchUserList } from '@/components/member-picker';
import { call } from '@/shell/call';
import { useApproverMessages } from './messages';

/**
 * The approver of a clinic approval (折扣审批, 退费审核): when the category lets the applicant
 * choose, a required picker whose id is sent as `checkUserId`; with fixed steps, who they go to;
 * a disabled category shows the server's own refusal before anyone submits.
 */
export const approvalFlowKey = (type: ClinicApprovalType) => ['clinic', 'approval', 'flow', type] as const;

export function useApprovalFlow(type: ClinicApprovalType, enabled = true) {
  return useQuery({
    queryKey: approvalFlowKey(type),
    queryFn: () => call('/clinic/approval/flow', { type }),
    enabled,
    staleTime: 60_000,
  });
}

/** Whether a submission still lacks the approver the flow asks for. */
export const approverMissing = (flow: ApprovalFlowAnswer | undefined, checkUserId: number | null) =>
  Boolean(flow?.chooseApprover && !checkUserId);

/** `checkUserId` for the request: only when the flow takes it. */
export const approverBody = (flow: ApprovalFlowAnswer | undefined, checkUserId: number | null) =>
  flow?.chooseApprover && checkUserId ? { checkUserId } : {};

export function ApproverField({
  flow,
  disabledMsg,
  value,
  onChange,
}: {
  flow: ApprovalFlowAnswer | undefined;
  /** The server's refusal for a disabled category (DiscountMsg.noFlow, RefundMsg.noFlow). */
  disabledMsg: string;
  value: number | null;
  onChange: (userId: number | null) => void;
}) {
  const t = useApproverMessages();
  const users = useQuery({
    queryKey: ['clinic', 'approval', 'users'],
    queryFn: () => fetchUserList({ pageType: UserPageType.picker, page: 1, limit: 500 }),
    enabled: Boolean(flow?.chooseApprover),
    staleTime: 60_000,
  });
  if (!flow) return null;
  if (!flow.enabled) return <Alert type="warning" showIcon title={disabledMsg} data-testid="approval-disabled" />;
  if (!flow.chooseApprover) {
    const steps = flow.steps.map((s) =>
      s.stepType === 1
        ? t('supervisor')
        : s.stepType === 4
          ? t('previousSupervisor')
          : s.stepType === 3
            ? t('allOf', { names: s.names.join('、') })
            : s.names.join(' / '),
    );
    return (
      <Typography.Text type="secondary" data-testid="approval-steps">
        {steps.length ? t('flowIs', { steps: steps.join(' → ') }) : t('noApprover')}
      </Typography.Text>
    );
  }
  const list = (users.data as { list?: { userId: number; realname: string }[] } | undefined)?.list ?? [];
  return (
    <Form.Item
      label={t('approver')}
      required
      validateStatus={value ? undefined : 'error'}
      help={value ? undefined : t('chooseApprover')}
      style={{ marginBottom: 8 }}
    >
      <Select
        aria-label={t('approver')}
        placeholder={t('chooseApprover')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={users.isLoading}
        value={value ?? undefined}
        onChange={(v) => onChange(v ?? null)}
        options={list.map((u) => ({ value: u.userId, label: u.realname }))}
        style={{ width: 220 }}
      />
    </Form.Item>
  );
}
