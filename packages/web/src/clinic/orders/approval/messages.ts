import { defineMessages } from '@/i18n';

/** Texts of the clinic approvals' approver field (开单 below the floor, refund requests). */
export const useApproverMessages = defineMessages({
  zh: {
    approver: '审批人',
    chooseApprover: '请选择审批人',
    flowIs: '审批流程：{steps}',
    supervisor: '上级主管',
    previousSupervisor: '上一级审批人的主管',
    allOf: '{names}（会签）',
    noApprover: '无需审批人',
  },
  en: {
    approver: 'Approver',
    chooseApprover: 'Choose the approver',
    flowIs: 'Approval: {steps}',
    supervisor: 'Supervisor',
    previousSupervisor: "Previous approver's supervisor",
    allOf: '{names} (all)',
    noApprover: 'No approver needed',
  },
});
