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

/** Words of the clinic rows and their detail. */
export const clinicWords = {
  section: '诊所审批',
  category: '审批类型',
  customer: '客户',
  summary: '摘要',
  applicant: '申请人',
  currentApprovers: '当前审批人',
  status: '状态',
  submitTime: '提交时间',
  sessions: (n: number) => `退 ${n} 次`,
  order: '订单号',
  reason: '原因',
  discountReason: '折扣原因',
  payable: '应收',
  project: '项目',
  price: '原价',
  salesPrice: '执行价',
  floor: '最低价',
  dealPrice: '成交价',
  discount: '折扣',
  belowFloor: '低于最低价',
  deal: '成交项目',
  refundSessions: '退费次数',
  refundAmount: '退费金额',
  sessionsLeft: '剩余次数',
  paid: '实付（现金+本金）',
  toBalance: '退回方式',
  toBalanceYes: '退到本金余额',
  toBalanceNo: '退现金',
  flow: '审批流程',
  log: '审批记录',
  approve: '同意',
  reject: '拒绝',
  remarks: '审批意见',
  remarksRequired: '拒绝时请填写审批意见',
  done: '已提交审批结果',
  missing: '无法读取这条审批',
};
