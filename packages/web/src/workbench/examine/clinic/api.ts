import type { ClinicExamineRow, ClinicExamineTab } from '@crm/shared';
import { call } from '@/shell/call';

/** The clinic approvals' calls of the approval center (折扣审批, 退费审核; h-capprove). */
export type ClinicRow = Omit<ClinicExamineRow, 'submitTime'> & { submitTime: string };

export const clinicApi = {
  list: (tab: ClinicExamineTab, page: number) => call('/OaExamine/clinicExamines', { tab, page, limit: 10 }),
  discount: (orderId: number) => call('/clinic/discount/detail', { orderId }, { silent: true }),
  refund: (refundId: number) => call('/clinic/refund/detail', { refundId }, { silent: true }),
  flow: (recordId: number) => call('/OaExamine/queryExamineRecordList', { recordId }, { silent: true }),
  log: (recordId: number) => call('/OaExamine/queryExamineLogList', { recordId }, { silent: true }),
  audit: (recordId: number, status: 1 | 2, remarks: string) =>
    call('/OaExamine/auditExamine', { recordId, status, remarks }),
};

export const clinicKeys = {
  list: (tab: ClinicExamineTab, page: number) => ['examine', 'clinic', tab, page] as const,
  detail: (row: Pick<ClinicRow, 'subjectType' | 'subjectId'>) =>
    ['examine', 'clinic', row.subjectType, row.subjectId] as const,
  flow: (recordId: number) => ['examine', 'clinic', 'flow', recordId] as const,
};
