import { z } from 'zod';
import { optionalId } from '../schemas/fields.ts';
import { dateTime, day, money, month, optional, person, text } from './rules.ts';

/** The one-block types: card reissue, performance forecast, resignation, probation, general. */

export const CardMsg = {
  timeRequired: '请选择补卡时间',
  modeRequired: '请选择补卡模式',
  reasonRequired: '请输入补卡理由',
} as const;
/** Card reissue (补卡): on = 上班卡, off = 下班卡. */
export const cardReplacementSchema = z.object({
  cardReplacementTime: dateTime(CardMsg.timeRequired),
  cardReplacementMode: z.enum(['on', 'off'], { error: CardMsg.modeRequired }),
  detail: text('补卡理由', 200, CardMsg.reasonRequired, true),
});

export const PredictMsg = {
  contentRequired: '请输入审核内容',
  turnoverRequired: '请输入预估金额',
  turnoverNumber: '必须是数字',
  monthRequired: '请选择审批月份',
} as const;
/** Performance forecast (业绩预估): the month and the estimated turnover. */
export const predictSchema = z.object({
  predictTime: month(PredictMsg.monthRequired),
  predictTurnover: money(PredictMsg.turnoverRequired, PredictMsg.turnoverNumber),
});

export const QuitMsg = {
  contentRequired: '请输入审批内容',
  quitTimeRequired: '请输入离职时间',
  causeRequired: '请输入离职原因',
  handoverRequired: '请选择交接人',
  entryTimeRequired: '请选择入职日期',
} as const;
/** Resignation (离职): content carries the handover items. */
export const quitSchema = z.object({
  deptName: optional('所属部门', 50),
  post: optional('岗位', 50),
  entryTime: day(QuitMsg.entryTimeRequired),
  quitTime: day(QuitMsg.quitTimeRequired),
  quitCause: text('离职原因', 200, QuitMsg.causeRequired, true),
  handoverUser: person(QuitMsg.handoverRequired),
});

export const PositiveMsg = {
  postRequired: '请输入岗位',
  entryTimeRequired: '请选择入职日期',
  understandRequired: '请填写对岗位的理解',
  summaryRequired: '请填写试用期内对工作的总结',
  proposalRequired: '请填写对公司的意见和建议',
} as const;
/** Probation confirmation (转正): summary and proposal up to 200 characters each. */
export const positiveSchema = z.object({
  post: text('岗位', 50, PositiveMsg.postRequired),
  entryTime: day(PositiveMsg.entryTimeRequired),
  understand: text('岗位理解', 200, PositiveMsg.understandRequired, true),
  summary: text('工作总结', 200, PositiveMsg.summaryRequired, true),
  proposal: text('意见和建议', 200, PositiveMsg.proposalRequired, true),
});

export const GeneralMsg = { contentRequired: '请输入审批内容', detailRequired: '请输入审批详情' } as const;
/** General approval (普通审批): the details; the content is the approval's own. */
export const generalSchema = z.object({ detail: text('审批详情', 800, GeneralMsg.detailRequired, true) });

/** A required approval content with the type's message (100 characters, as every approval). */
export const contentOf = (requiredMsg: string) => text('审批内容', 100, requiredMsg);

export const ProblemCustomerMsg = {
  contentRequired: '审批内容不能为空',
  customerRequired: '请输入姓名',
  phoneRequired: '请输入手机号',
  projectRequired: '请输入所做项目',
  timeRequired: '请输入进行时间',
  trackingRequired: '请输入跟踪情况',
} as const;
/**
 * Problem-customer follow-up (问题客户): the customer (picked among those the applicant may see;
 * name and phone filled from the record), the treatment (one of the customer's projects, or typed
 * in when its shop lists none) and its day, the tracking so far.
 */
export const problemCustomerSchema = z.object({
  customerId: person(ProblemCustomerMsg.customerRequired),
  customerName: text('姓名', 50, ProblemCustomerMsg.customerRequired),
  phone: text('手机号', 20, ProblemCustomerMsg.phoneRequired),
  hasOldCustomer: z.boolean().default(false),
  shopOwnerName: optional('店家', 50),
  /** Picked from the customer's project list (queryProjectList); absent when typed in. */
  projectId: optionalId(ProblemCustomerMsg.projectRequired),
  projectName: text('所做项目', 50, ProblemCustomerMsg.projectRequired),
  projectTime: day(ProblemCustomerMsg.timeRequired),
  trackingSituation: text('跟踪情况', 500, ProblemCustomerMsg.trackingRequired, true),
});
