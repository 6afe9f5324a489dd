import type { z } from 'zod';
import { AdditionalOrderMsg, additionalOrderSchema, additionalOrderWrapper } from './additional-order.ts';
import { administrativeSchema, ExpenseMsg, paymentSchema, reserveFundSchema, travelSchema } from './expense.ts';
import { planningDemandSchema, postAdjustSchema } from './hr.ts';
import { leaveContent, leaveSchema } from './leave.ts';
import {
  cardReplacementSchema,
  contentOf,
  GeneralMsg,
  generalSchema,
  PredictMsg,
  ProblemCustomerMsg,
  positiveSchema,
  predictSchema,
  problemCustomerSchema,
  QuitMsg,
  quitSchema,
} from './simple.ts';

/**
 * A dedicated approval type as a definition: its type key (the system category's `type`), how
 * the category is seeded (title, group, icon), the wire name of its block, its submit call and
 * detail loader, and its schema — the approval content's rule and the block's — used by the web
 * form and the server alike. The server adds the storage (server/src/oa/examine/forms), the web
 * the form, detail and print views (web/src/workbench/examine/forms); nothing else branches on
 * the type.
 */
export type ExamineFormDefinition = {
  type: string;
  title: string;
  className: string;
  icon: number;
  remarks: string;
  /** Name of the block in the submit body and the detail loader's `model`. */
  modelKey: string;
  submitPath: `/OaExamine/${string}`;
  detailPath: `/OaExamine/${string}`;
  /** The approval content's rule, or null when the form has none (the title stands for it). */
  content: z.ZodType<string> | null;
  /** The block's schema; built per call (the leave's depends on today's date). */
  model: () => z.ZodType;
  /** The attachments are images (图片) rather than files. */
  images: boolean;
  /** At least one image is required: the submit is refused with 请上传图片后再操作 without one. */
  imagesRequired?: boolean;
  /** An expense type: the block is a list of lines with amounts. */
  expense: boolean;
  /**
   * Fields of `oaExamine` the type adds to the common ones (the additional order's `taskId`):
   * checked with the wrapper, kept by the type's store, answered by the loaders as `oaExamine`.
   */
  wrapper?: () => z.ZodRawShape;
};

const def = (d: Omit<ExamineFormDefinition, 'images' | 'expense'> & Partial<ExamineFormDefinition>) =>
  ({ images: false, expense: false, ...d }) as ExamineFormDefinition;

export const examineForms: ExamineFormDefinition[] = [
  def({
    type: 'general',
    title: '普通审批',
    className: '通用',
    icon: 1,
    remarks: '适用于没有专门审批类型的事项',
    modelKey: 'oaExamineGeneral',
    submitPath: '/OaExamine/setGeneral',
    detailPath: '/OaExamine/queryGeneralInfo',
    content: contentOf(GeneralMsg.contentRequired),
    model: () => generalSchema,
    images: true,
  }),
  def({
    type: 'leave',
    title: '请假',
    className: '考勤',
    icon: 2,
    remarks: '请假时长按起止日期自动计算',
    modelKey: 'oaExamineLeave',
    submitPath: '/OaExamine/setLeave',
    detailPath: '/OaExamine/queryLeaveInfo',
    content: leaveContent as unknown as z.ZodType<string>,
    model: () => leaveSchema(),
    images: true,
  }),
  def({
    type: 'cardReplacement',
    title: '补卡',
    className: '考勤',
    icon: 8,
    remarks: '漏打上班卡或下班卡时补卡',
    modelKey: 'oaExamineCardReplacement',
    submitPath: '/OaExamine/setCardReplacement',
    detailPath: '/OaExamine/queryCardReplacementInfo',
    content: null,
    model: () => cardReplacementSchema,
    images: true,
    // The picture is the evidence of the missed clock (docs/decisions.md, 请上传图片后再操作).
    imagesRequired: true,
  }),
  def({
    type: 'travel',
    title: '差旅报销',
    className: '财务',
    icon: 3,
    remarks: '出差交通、住宿等费用报销',
    modelKey: 'oaExamineTravels',
    submitPath: '/OaExamine/setTravel',
    detailPath: '/OaExamine/queryTravelInfo',
    content: contentOf(ExpenseMsg.contentRequired),
    model: () => travelSchema,
    expense: true,
  }),
  def({
    type: 'reserveFund',
    title: '备用金审批',
    className: '财务',
    icon: 6,
    remarks: '借用备用金，注明使用与归还日期',
    modelKey: 'oaExamineReserveFunds',
    submitPath: '/OaExamine/setReserveFund',
    detailPath: '/OaExamine/queryReserveFundInfo',
    content: contentOf(ExpenseMsg.contentRequired),
    model: () => reserveFundSchema,
    expense: true,
  }),
  def({
    type: 'payment',
    title: '付款审批',
    className: '财务',
    icon: 7,
    remarks: '向收款单位付款',
    modelKey: 'oaExaminePayments',
    submitPath: '/OaExamine/setPayment',
    detailPath: '/OaExamine/queryPaymentInfo',
    content: contentOf(ExpenseMsg.contentRequired),
    model: () => paymentSchema,
    expense: true,
  }),
  def({
    type: 'administrative',
    title: '行政费用报销',
    className: '财务',
    icon: 4,
    remarks: '办公、行政类费用报销',
    modelKey: 'oaExamineAdministratives',
    submitPath: '/OaExamine/setAdministrative',
    detailPath: '/OaExamine/queryAdministrativeInfo',
    content: contentOf(ExpenseMsg.contentRequired),
    model: () => administrativeSchema,
    expense: true,
  }),
  def({
    type: 'problemCustomer',
    title: '问题客户跟进',
    className: '业务',
    icon: 10,
    remarks: '顾问跟踪问题客户的处理情况',
    modelKey: 'oaExamineProblematicCustomers',
    submitPath: '/OaExamine/setProblematicCustomers',
    detailPath: '/OaExamine/queryProblematicCustomersInfo',
    content: contentOf(ProblemCustomerMsg.contentRequired),
    model: () => problemCustomerSchema,
    images: true,
  }),
  def({
    type: 'additionalOrder',
    title: '追加单',
    className: '业务',
    icon: 5,
    remarks: '为客户或店家预约加单',
    modelKey: 'oaExamineAdditionalOrderList',
    submitPath: '/OaExamine/setAdditionalOrder',
    detailPath: '/OaExamine/queryAdditionalOrderInfo',
    content: contentOf(AdditionalOrderMsg.contentRequired),
    model: () => additionalOrderSchema,
    wrapper: additionalOrderWrapper,
    images: true,
  }),
  def({
    type: 'predict',
    title: '业绩预估',
    className: '业务',
    icon: 18,
    remarks: '按月预估业绩',
    modelKey: 'oaExaminePredict',
    submitPath: '/OaExamine/setPredict',
    detailPath: '/OaExamine/queryPredictInfo',
    content: contentOf(PredictMsg.contentRequired),
    model: () => predictSchema,
  }),
  def({
    type: 'quit',
    title: '离职',
    className: '人事',
    icon: 13,
    remarks: '离职申请与工作交接',
    modelKey: 'oaExamineQuit',
    submitPath: '/OaExamine/setQuit',
    detailPath: '/OaExamine/queryQuitInfo',
    content: contentOf(QuitMsg.contentRequired),
    model: () => quitSchema,
  }),
  def({
    type: 'positive',
    title: '转正',
    className: '人事',
    icon: 9,
    remarks: '试用期满转正申请',
    modelKey: 'oaExaminePositive',
    submitPath: '/OaExamine/setPositive',
    detailPath: '/OaExamine/queryPositiveInfo',
    content: null,
    model: () => positiveSchema,
  }),
  def({
    type: 'postAdjust',
    title: '调岗',
    className: '人事',
    icon: 12,
    remarks: '调整员工的部门、职位和直属领导',
    modelKey: 'oaExaminePostAdjust',
    submitPath: '/OaExamine/setPostAdjust',
    detailPath: '/OaExamine/queryPostAdjustInfo',
    content: null,
    model: () => postAdjustSchema,
  }),
  def({
    type: 'planningDemand',
    title: '计划需求',
    className: '行政',
    icon: 16,
    remarks: '按部门申请物品（计划需求单）',
    modelKey: 'oaExaminePlanningDemandForm',
    submitPath: '/OaExamine/setPlanningDemandForm',
    detailPath: '/OaExamine/queryPlanningDemandFormInfo',
    content: null,
    model: () => planningDemandSchema,
  }),
];

export const examineFormOf = (type: string | undefined): ExamineFormDefinition | undefined =>
  examineForms.find((d) => d.type === type);
