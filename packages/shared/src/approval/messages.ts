/** Messages of the approval engine's refusals. */
export const ExamineMsg = {
  approverRequired: '审批人不能为空',
  noPendingTask: '当前没有您的待审批任务',
  finished: '该审批已结束，不能再操作',
  rejectRemarks: '拒绝时请填写审批意见',
  withdrawRemarks: '撤回时请填写撤回理由',
  returnRemarks: '退回时请填写退回理由',
  withdrawOnlyApplicant: '只有发起人可以撤回',
  withdrawState: '只有待审或审批中的审批可以撤回',
  resubmitState: '只有被拒绝、撤回或退回的审批可以重新提交',
  nextOnlyChosen: '固定审批流不能指定下一审批人',
  transferSelf: '不能转交给自己',
  transferApplicant: '不能转交给发起人',
  alreadyInStep: '该成员已在当前审批节点中',
  inactiveUser: '所选成员不存在或已被禁用',
  addTargetsRequired: '请选择加签人员',
  returnTarget: '只能退回到本轮已经通过的审批节点',
} as const;

export class ExamineError extends Error {}
