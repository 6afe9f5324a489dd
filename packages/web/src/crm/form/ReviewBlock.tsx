import type { RecordKind } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, type FormInstance } from 'antd';
import type { PickedUser } from '@/components/member-picker';
import { defineMessages } from '@/i18n';
import { request } from '@/shell/request';

/**
 * The review block of a kind reviewed on the approval engine (its declaration's `review`,
 * crm-records 3–4): 审核信息 — 固定审批流 lists the configured steps, 授权审批人 asks for one
 * approver — and the buttons 保存草稿 (checkStatus 5, no approver needed) and 提交审核. The
 * generic form shows it for any such kind; nothing here names one. The section itself, with its
 * member picker, is ReviewSection.tsx (the laid-out form loads it only for a reviewed kind).
 */

export const useReviewMessages = defineMessages({
  zh: {
    reviewInfo: '审核信息',
    fixedFlow: '固定审批流',
    chosenFlow: '授权审批人',
    approver: '审批人',
    approverRequired: '请选择审批人',
    noFlow: '没有启动的审核步骤',
    saveDraft: '保存草稿',
    submit: '提交审核',
    approve: '通过',
    reject: '拒绝',
    withdraw: '撤回',
    remarks: '审批意见',
    remarksRequired: '请填写意见',
    confirm: '确定',
    done: '操作成功',
  },
  en: {
    reviewInfo: 'Review',
    fixedFlow: 'Fixed flow',
    chosenFlow: 'Chosen approver',
    approver: 'Approver',
    approverRequired: 'Choose the approver',
    noFlow: 'No review flow is enabled',
    saveDraft: 'Save draft',
    submit: 'Submit for review',
    approve: 'Approve',
    reject: 'Reject',
    withdraw: 'Withdraw',
    remarks: 'Remarks',
    remarksRequired: 'Enter remarks',
    confirm: 'OK',
    done: 'Done',
  },
});

/** The kind's flow as the engine previews it (OaExamine/queryExamineFlowInfo by `categoryType`). */
export type ReviewFlow = {
  examineType: 1 | 2;
  examineSteps: { stepType: number; userList: { userId: number; realname: string }[] }[];
};

/** The configured flow of the kind's reviews; none (an error) when no flow is enabled. */
export function useReviewFlow(kind: RecordKind) {
  const categoryType = kind.review?.categoryType;
  return useQuery({
    queryKey: ['reviewFlow', categoryType],
    queryFn: () => request<ReviewFlow>('/OaExamine/queryExamineFlowInfo', { categoryType }, { silent: true }),
    enabled: categoryType !== undefined,
    retry: false,
  });
}

/** The flow query a review section shows. */
export type ReviewFlowQuery = ReturnType<typeof useReviewFlow>;

/** The form's field holding the chosen approver (a chosen flow). */
export const APPROVER_FIELD = 'approver';

/** What a save adds for review: a draft (checkStatus 5), or the chosen flow's approver. */
export type ReviewPart = { checkStatus?: 5; checkUserId?: number };

/**
 * The review block of a form of `kind` (nothing when the kind is not reviewed): its section, its
 * buttons and `part(draft)`, the save's review part — `null` after marking a chosen flow's
 * missing approver (drafts skip that check, crm-records 4).
 */
export function useReviewBlock(kind: RecordKind, form: FormInstance) {
  const t = useReviewMessages();
  const flow = useReviewFlow(kind);
  const reviewed = kind.review !== undefined;
  const part = (draft: boolean): ReviewPart | null => {
    if (draft) return { checkStatus: 5 };
    if (flow.data?.examineType !== 2) return {};
    const approver: PickedUser[] = form.getFieldValue(APPROVER_FIELD) ?? [];
    if (!approver.length) {
      form.setFields([{ name: APPROVER_FIELD, errors: [t('approverRequired')] }]);
      return null;
    }
    return { checkUserId: approver[0]!.userId };
  };
  return { reviewed, flow, part };
}

/** 保存草稿 and 提交审核, in place of the plain form's 保存. */
export function ReviewButtons({
  saving,
  disabled,
  onSave,
}: {
  saving: boolean;
  disabled: boolean;
  onSave: (draft: boolean) => void;
}) {
  const t = useReviewMessages();
  return (
    <>
      <Button loading={saving} disabled={disabled} onClick={() => onSave(true)} data-testid="save-draft">
        {t('saveDraft')}
      </Button>
      <Button
        type="primary"
        loading={saving}
        disabled={disabled}
        onClick={() => onSave(false)}
        data-testid="record-save"
      >
        {t('submit')}
      </Button>
    </>
  );
}
