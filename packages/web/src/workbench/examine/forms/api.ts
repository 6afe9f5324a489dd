import type { BankLabelSaveInput, ExamineFormDefinition, ExamineSaveResult } from '@crm/shared';
import { call } from '@/shell/call';
import { request } from '@/shell/request';

/** The dedicated forms' calls (docs/api/examine-forms.md). */
export const formsApi = {
  /** A dedicated type's submit call: its path and block name come from the shared definition. */
  submit: (def: ExamineFormDefinition, body: Record<string, unknown>) =>
    request<ExamineSaveResult>(def.submitPath, body, { json: true }),
  leaveTypes: () => call('/OaExamine/queryLeaveTypeSelect'),
  leaveBalance: () => call('/OaExamine/queryLeaveBalance'),
  leaveAllowance: () => call('/OaExamineCategory/queryLeaveAllowance'),
  setLeaveAllowance: (allowances: { leaveType: number; days: number }[]) =>
    call('/OaExamineCategory/setLeaveAllowance', { allowances }, { json: true }),
  handoverUsers: () => call('/OaExamine/queryHandoverUserList'),
  staffInfo: () => call('/OaExamine/queryStaffInfo'),
  guestChoices: (type: number, search: string) => call('/OaExamine/queryCustomerSelectList', { type, search }),
  taskTypes: () => call('/OaExamine/queryTaskTypes'),
  deptOptions: () => call('/OaExamine/queryDeptOptions'),
  designers: () => call('/OaExamine/queryDesignerList'),
  dictionary: (dictCode: string) => call('/OaExamine/queryDictList', { dictCode }),
  bankLabels: () => call('/OaExamineBankLabel/queryListByUserId'),
  saveBankLabel: (input: BankLabelSaveInput) => call('/OaExamineBankLabel/save', input),
  removeBankLabel: (labelId: number) => call('/OaExamineBankLabel/remove', { labelId }),
  /** 调岗's option lists: 1 departments, 2 posts, 3 leaders (the active staff, with their place). */
  adjustOptions: (type: 1 | 2 | 3) => call('/OaExamine/queryAdjustOptions', { type }),
  codeList: (codeType: number) => call('/OaExamine/queryCodeList', { codeType }),
  projectList: (customerId: number) => call('/OaExamine/queryProjectList', { customerId }),
  bankName: (cardNumber: string) => call('/OaExamineBankLabel/queryBankName', { cardNumber }, { silent: true }),
};

export const formKeys = {
  leaveTypes: ['examine', 'leave-types'] as const,
  leaveBalance: ['examine', 'leave-balance'] as const,
  leaveAllowance: ['examine', 'leave-allowance'] as const,
  handover: ['examine', 'handover-users'] as const,
  staff: ['examine', 'staff-info'] as const,
  guests: (type: number, search: string) => ['examine', 'guest-choices', type, search] as const,
  taskTypes: ['examine', 'task-types'] as const,
  deptOptions: ['examine', 'dept-options'] as const,
  designers: ['examine', 'designers'] as const,
  dictionary: (code: string) => ['examine', 'dict', code] as const,
  bankLabels: ['examine', 'bank-labels'] as const,
  // The HR apply panel reads the same option lists under the same keys.
  adjust: (type: 1 | 2 | 3) => ['examine', 'adjust', type] as const,
  codes: (codeType: number) => ['examine', 'codes', codeType] as const,
  projects: (customerId: number) => ['examine', 'projects', customerId] as const,
};
