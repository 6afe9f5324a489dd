import { z } from 'zod';
import { moneyRule, numericPattern } from '../fields/numeric.ts';
import { FieldMsg } from '../fields/validate.ts';
import { withAliases } from '../schemas/aliases.ts';
import {
  idField,
  idList,
  intEnum,
  isDay,
  nullableId,
  optionalDay,
  optionalId,
  optionalInt,
  optionalText,
  pageFields,
} from '../schemas/fields.ts';
import { fillableOnlyFields, fillShape, fixedShape, relaxFillable } from './derive.ts';
import { commonScenes, ModuleCode, type RecordKind } from './kind.ts';
import { originalFlatBody, originalSaveBody } from './original.ts';
import { productLinesSchema, productTotalsFields } from './product-lines.ts';
import { customFieldValues, formBatchId, requiredIfFillable } from './schemas.ts';

/**
 * Contracts, receivables and receivable plans (crm-records 1–7; DECISIONS "Contracts and
 * receivables review"). Contracts and receivables are record kinds with a review through the
 * approval engine; plans belong to a contract and are listed only through it.
 */

/** checkStatus of a contract or receivable (DECISIONS "Contracts and receivables review"). */
export const CheckStatus = {
  pending: 0,
  approved: 1,
  rejected: 2,
  inReview: 3,
  withdrawn: 4,
  draft: 5,
  discarded: 6,
} as const;
export type CheckStatus = (typeof CheckStatus)[keyof typeof CheckStatus];
export const checkStatusNames: Record<number, [string, string]> = {
  0: ['待审核', 'Pending'],
  1: ['通过', 'Approved'],
  2: ['拒绝', 'Rejected'],
  3: ['审核中', 'In review'],
  4: ['撤回', 'Withdrawn'],
  5: ['草稿', 'Draft'],
  6: ['作废', 'Discarded'],
};
/** checkStatus codes as their words (list cells, filters, exports). */
export const checkStatusCodes: Record<string, number> = Object.fromEntries(
  Object.entries(checkStatusNames).map(([code, [zh]]) => [zh, Number(code)]),
);
/** A reviewed kind's read column of its review's state (list, filter by word, Excel). */
export const reviewStatusColumn = {
  key: 'checkStatus',
  name: '审核状态',
  nameEn: 'Review status',
  codes: checkStatusCodes,
} as const;
/** A record may be edited (and so resubmitted) only when rejected, withdrawn or a draft. */
export const editableCheckStatus: readonly number[] = [2, 4, 5];

/** Receivable return types (DECISIONS "CRM"). */
export const returnTypes = ['支票', '现金', '邮政汇款', '电汇', '网上转账', '支付宝', '微信支付', '其他'] as const;

export const ContractMsg = {
  notFound: '合同不存在',
  numRequired: '合同编号不能为空',
  nameRequired: '合同名称不能为空',
  customerRequired: '客户名称不能为空',
  moneyRequired: '合同金额不能为空',
  moneyInvalid: FieldMsg.floatnumber,
  dateInvalid: '日期格式有误',
  endBeforeStart: '合同结束时间不能早于开始时间',
  notEditable: '不能编辑，请先撤回再编辑！',
  noFlow: '没有启动的审核步骤，不能添加！',
  approverRequired: '请选择审批人',
  examineTypeInvalid: '审核类型有误',
  hasReceivables: '该合同已有回款，不能删除',
  discardOnlyApproved: '只有审核通过的合同才能作废',
  customerNotFound: '客户不存在',
  businessOfOtherCustomer: '商机不属于该客户',
  businessHasContracts: '商机下有合同，不能删除',
  configInvalid: '提醒天数有误',
} as const;

export const ReceivablesMsg = {
  notFound: '回款不存在',
  numRequired: '回款编号不能为空',
  customerRequired: '客户名称不能为空',
  contractRequired: '合同不能为空',
  moneyRequired: '回款金额不能为空',
  returnTimeRequired: '回款日期不能为空',
  contractNotApproved: '只能选择审核通过的合同',
  contractOfOtherCustomer: '合同不属于所选客户',
  planOfOtherContract: '回款计划不属于所选合同',
  planUsed: '该回款计划已有回款',
  returnTypeInvalid: '回款方式有误',
} as const;

export const PlanMsg = {
  notFound: '回款计划不存在',
  contractRequired: '合同不能为空',
  moneyRequired: '计划回款金额不能为空',
  returnDateRequired: '计划回款日期不能为空',
  used: '该回款计划已有回款，不能修改或删除',
  remindInvalid: '提前提醒天数有误',
} as const;

const money = (required: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: FieldMsg.floatnumber })
      .trim()
      .min(1, { error: required })
      .refine((v) => numericPattern({ ...moneyRule, signed: false }).test(v), { error: FieldMsg.floatnumber }),
  );

/** A required day `YYYY-MM-DD`: blank is `required`, anything else not a day is 日期格式有误. */
const requiredDay = (required: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: ContractMsg.dateInvalid })
      .trim()
      .min(1, { error: required })
      .refine((v) => isDay(v), { error: ContractMsg.dateInvalid }),
  );

/** 回款方式: one of the declared methods, or none. */
const returnTypeField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.union([z.literal(''), z.enum(returnTypes)], { error: ReceivablesMsg.returnTypeInvalid }),
);

const someIds = (msg: string) => idList(msg).refine((ids) => ids.length > 0, { error: msg });

export const contractKind = {
  key: 'contract',
  label: ModuleCode.contract,
  name: '合同',
  nameEn: 'Contract',
  permission: 'crm:contract',
  table: 'crm_contract',
  idField: 'contractId',
  nameField: 'name',
  searchFields: ['num'],
  link: { formType: 'contract' },
  review: { categoryType: 1, subject: 'contract', category: 'crm_contract' },
  fixedFields: [
    {
      fieldName: 'num',
      column: { type: 'varchar', nullable: true },
      fillableOnly: true,
      requiredMsg: ContractMsg.numRequired,
      name: '合同编号',
      nameEn: 'Number',
      formType: 'text',
      isNull: 1,
      isUnique: 1,
      maxLength: 50,
    },
    {
      fieldName: 'name',
      column: { type: 'varchar' },
      requiredMsg: ContractMsg.nameRequired,
      name: '合同名称',
      nameEn: 'Name',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 100,
    },
    {
      fieldName: 'customerId',
      column: { type: 'integer' },
      fillableOnly: true,
      requiredMsg: ContractMsg.customerRequired,
      name: '客户名称',
      nameEn: 'Customer',
      formType: 'customer',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'money',
      column: { type: 'numeric(12, 2)' },
      fillableOnly: true,
      requiredMsg: ContractMsg.moneyRequired,
      name: '合同金额',
      nameEn: 'Amount',
      formType: 'floatnumber',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'orderDate',
      column: { type: 'date', nullable: true },
      name: '下单时间',
      nameEn: 'Order date',
      formType: 'date',
      isNull: 0,
      isUnique: 0,
    },
    {
      fieldName: 'startTime',
      column: { type: 'date', nullable: true },
      name: '合同开始时间',
      nameEn: 'Start',
      formType: 'date',
      isNull: 0,
      isUnique: 0,
    },
    {
      fieldName: 'endTime',
      column: { type: 'date', nullable: true },
      name: '合同到期时间',
      nameEn: 'End',
      formType: 'date',
      isNull: 0,
      isUnique: 0,
    },
    {
      fieldName: 'remark',
      column: { type: 'varchar' },
      name: '备注',
      nameEn: 'Remark',
      formType: 'textarea',
      isNull: 0,
      isUnique: 0,
      maxLength: 200,
    },
  ],
  defaultColumns: ['num', 'name', 'customerName', 'money', 'startTime', 'endTime'],
  readColumns: [
    { key: 'customerName', name: '客户名称', nameEn: 'Customer' },
    reviewStatusColumn,
    { key: 'receivedMoney', name: '已回款金额', nameEn: 'Received' },
    { key: 'unreceivedMoney', name: '未回款金额', nameEn: 'Outstanding' },
  ],
  systemScenes: [
    ...commonScenes,
    // The workbench's to-dos (CrmBackLog/num): checkContract, endContract, remindReceivablesPlan.
    { key: 'toReview', name: '待我审批的', nameEn: 'Waiting for my review' },
    { key: 'expiring', name: '即将到期的合同', nameEn: 'Expiring' },
    { key: 'expired', name: '已到期的合同', nameEn: 'Expired' },
    { key: 'planDue', name: '待回款提醒的', nameEn: 'Payment reminders due' },
  ],
  features: { team: true, followUps: true, attachments: true, transfer: true, products: true },
} as const satisfies RecordKind;

export const receivablesKind = {
  key: 'receivables',
  label: ModuleCode.receivables,
  name: '回款',
  nameEn: 'Receivable',
  permission: 'crm:receivables',
  table: 'crm_receivables',
  idField: 'receivablesId',
  nameField: 'number',
  review: { categoryType: 2, subject: 'receivable', category: 'crm_receivables' },
  fixedFields: [
    {
      fieldName: 'number',
      column: { type: 'varchar', nullable: true },
      fillableOnly: true,
      requiredMsg: ReceivablesMsg.numRequired,
      name: '回款编号',
      nameEn: 'Number',
      formType: 'text',
      isNull: 1,
      isUnique: 1,
      maxLength: 50,
    },
    {
      fieldName: 'customerId',
      column: { type: 'integer' },
      fillableOnly: true,
      requiredMsg: ReceivablesMsg.customerRequired,
      name: '客户名称',
      nameEn: 'Customer',
      formType: 'customer',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'contractId',
      column: { type: 'integer' },
      fillableOnly: true,
      requiredMsg: ReceivablesMsg.contractRequired,
      name: '合同编号',
      nameEn: 'Contract',
      formType: 'contract',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'planId',
      column: { type: 'integer', nullable: true },
      name: '期数',
      nameEn: 'Plan',
      formType: 'receivables_plan',
      isNull: 0,
      isUnique: 0,
    },
    {
      fieldName: 'returnTime',
      column: { type: 'date', nullable: true },
      fillableOnly: true,
      requiredMsg: ReceivablesMsg.returnTimeRequired,
      name: '回款日期',
      nameEn: 'Date',
      formType: 'date',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'money',
      column: { type: 'numeric(12, 2)', nullable: true },
      fillableOnly: true,
      requiredMsg: ReceivablesMsg.moneyRequired,
      name: '回款金额',
      nameEn: 'Amount',
      formType: 'floatnumber',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'returnType',
      column: { type: 'varchar', length: 20 },
      name: '回款方式',
      nameEn: 'Method',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: [...returnTypes],
    },
    {
      fieldName: 'remark',
      column: { type: 'varchar' },
      name: '备注',
      nameEn: 'Remark',
      formType: 'textarea',
      isNull: 0,
      isUnique: 0,
      maxLength: 200,
    },
  ],
  defaultColumns: ['number', 'customerName', 'contractNum', 'money', 'returnTime', 'checkStatus'],
  readColumns: [
    { key: 'customerName', name: '客户名称', nameEn: 'Customer' },
    { key: 'contractNum', name: '合同编号', nameEn: 'Contract no.' },
    reviewStatusColumn,
    { key: 'planNum', name: '期数', nameEn: 'Instalment' },
  ],
  systemScenes: [
    ...commonScenes,
    // checkReceivables of the workbench's to-dos.
    { key: 'toReview', name: '待我审批的', nameEn: 'Waiting for my review' },
  ],
  features: { team: true, followUps: false, attachments: true, transfer: true },
} as const satisfies RecordKind;

/**
 * The review part of a reviewed kind's save (crm-records 3), in its entity: submit (0) or save a
 * draft (5). Any kind declaring `review` spreads it (the server's `reviewAfterSave` reads it).
 */
export const reviewEntityFields = {
  /** 1 submit for review; 5 save a draft (crm-records 4). */
  checkStatus: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    intEnum([0, 5] as const, '审核状态有误'),
  ),
};
/** Beside the entity: the approver a chosen flow (examineType 2) goes to. */
export const reviewBodyFields = {
  checkUserId: nullableId(ContractMsg.approverRequired).transform((v) => v ?? undefined),
};

/** A contract's entity: the rules its declaration gives, its money, days and opportunity its own. */
export const contractEntityFields = {
  contractId: optionalId(ContractMsg.notFound),
  ...fixedShape(contractKind, {
    money: requiredIfFillable(money(ContractMsg.moneyRequired)),
    orderDate: optionalDay(ContractMsg.dateInvalid),
    startTime: optionalDay(ContractMsg.dateInvalid),
    endTime: optionalDay(ContractMsg.dateInvalid),
  }),
  /** The opportunity it comes from: one of the chosen customer's. */
  businessId: optionalId('商机不存在'),
  ...reviewEntityFields,
  batchId: formBatchId,
  ...productTotalsFields,
};
const endAfterStart = (c: { startTime?: string; endTime?: string }, ctx: z.RefinementCtx) => {
  if (c.startTime && c.endTime && c.endTime < c.startTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: ContractMsg.endBeforeStart });
};
/**
 * Contract fields required of whoever may fill them (docs/api/fields.md): hidden from the user's
 * roles or read-only, they are not required of them, and an update keeps the stored value; the
 * customer is a link: left out of an update it stays, a new contract still needs one.
 */
export const contractRequiredFields = fillableOnlyFields(contractKind);
/** `CrmContract/saveAndUpdate`: `{entity, field, product, checkUserId}` (product lines as opportunities'). */
const contractSaveBody = z.object({
  entity: z.object(contractEntityFields).superRefine(endAfterStart),
  field: customFieldValues,
  product: productLinesSchema,
  ...reviewBodyFields,
});
/** The same call as the original client's forms send it (records/original.ts). */
export const contractSaveSchema = originalSaveBody(contractKind, contractSaveBody);
export type ContractSaveInput = z.infer<typeof contractSaveSchema>;

/** A receivable's entity: the rules its declaration gives, its plan, day, money and method its own. */
export const receivablesEntityFields = {
  receivablesId: optionalId(ReceivablesMsg.notFound),
  ...fixedShape(receivablesKind, {
    planId: optionalId(PlanMsg.notFound),
    returnTime: requiredIfFillable(requiredDay(ReceivablesMsg.returnTimeRequired)),
    money: requiredIfFillable(money(ReceivablesMsg.moneyRequired)),
    returnType: returnTypeField,
  }),
  ...reviewEntityFields,
  batchId: formBatchId,
};
/**
 * Receivable fields required of whoever may fill them (docs/api/fields.md): hidden or read-only,
 * they are not required of the user; an update keeps them, a create leaves them unknown (null).
 * Links left out of an update stay; a new receivable still needs them.
 */
export const receivablesRequiredFields = fillableOnlyFields(receivablesKind);
const receivablesSaveBody = z.object({
  entity: z.object(receivablesEntityFields),
  field: customFieldValues,
  ...reviewBodyFields,
});
/** The same call as the original client's forms send it (records/original.ts). */
export const receivablesSaveSchema = originalSaveBody(receivablesKind, receivablesSaveBody);
export type ReceivablesSaveInput = z.infer<typeof receivablesSaveSchema>;

/**
 * The contract form's schema (web crm/contract/form.tsx) for a user who may not fill
 * `notFillable` (its hidden and read-only fields): each fixed field required as the person fills
 * it, those relaxed; the money, the days and the opportunity are the contract's own rules.
 */
export function contractFormSchemaFor(notFillable: Iterable<string>) {
  const own = {
    money: money(ContractMsg.moneyRequired),
    orderDate: optionalDay(ContractMsg.dateInvalid),
    startTime: optionalDay(ContractMsg.dateInvalid),
    endTime: optionalDay(ContractMsg.dateInvalid),
    businessId: optionalId('商机不存在'),
  };
  return z.object(relaxFillable(contractKind, fillShape(contractKind, own), notFillable)).superRefine(endAfterStart);
}

/** The receivable form's schema (web crm/contract/receivables-form.tsx), as the contract's. */
export function receivablesFormSchemaFor(notFillable: Iterable<string>) {
  const own = {
    planId: optionalId(PlanMsg.notFound),
    returnTime: requiredDay(ReceivablesMsg.returnTimeRequired),
    money: money(ReceivablesMsg.moneyRequired),
    returnType: returnTypeField,
  };
  return z.object(relaxFillable(receivablesKind, fillShape(receivablesKind, own), notFillable));
}

/** `Crm/ReceivablesPlan/saveAndUpdate`: the plan's number is given by the server (期数 per contract). */
const planSaveBody = z.object({
  planId: optionalId(PlanMsg.notFound),
  contractId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(PlanMsg.contractRequired)),
  money: money(PlanMsg.moneyRequired),
  returnDate: requiredDay(PlanMsg.returnDateRequired),
  returnType: returnTypeField,
  remind: optionalInt(PlanMsg.remindInvalid, { min: 0, max: 365 }),
  remark: optionalText({ label: '备注', max: 200, multiline: true }),
});
/** `Crm/ReceivablesPlan/saveAndUpdate`, also as the original's plan form posts it (`{entity, field}`). */
export const planSaveSchema = originalFlatBody(planSaveBody);
export type PlanSaveInput = z.infer<typeof planSaveSchema>;
export const planIdsSchema = z.object({ ids: someIds(PlanMsg.notFound) });

export const contractIdSchema = z.object({ contractId: idField(ContractMsg.notFound) });
export const contractIdPageSchema = z.object({ contractId: idField(ContractMsg.notFound), ...pageFields });
/** `CrmBusiness/queryContract`: an opportunity's contracts, a page. */
export const businessContractPageSchema = z.object({ businessId: idField('商机不存在'), ...pageFields });
export const customerIdPageSchema = z.object({
  customerId: idField(ContractMsg.customerNotFound),
  /** Only contracts of this checkStatus (the receivable form asks for approved ones, 1). */
  checkStatus: optionalInt('审核状态有误', { min: 0, max: 6 }),
  ...pageFields,
});
/** The original's detail discards one contract by `contractId`. */
export const contractDiscardSchema = withAliases(z.object({ ids: someIds(ContractMsg.notFound) }), {
  contractId: 'ids',
});
/** Expiry reminder: on, and how many days before the end. */
export const contractConfigSchema = z.object({
  status: intEnum([0, 1] as const, ContractMsg.configInvalid),
  contractDay: optionalInt(ContractMsg.configInvalid, { min: 1, max: 365 }),
});
/**
 * A record under review, its kind named by its declaration's `review.categoryType` (1 contracts,
 * 2 receivables); the server refuses a number no registered kind is reviewed under.
 */
const reviewCategoryType = idField('审批对象类型有误');
export const reviewSubjectSchema = z.object({
  id: idField('记录不存在'),
  categoryType: reviewCategoryType,
});
/** A review action on a reviewed record: approve 1, reject 2, withdraw 4 (remarks required to reject or withdraw). */
export const crmAuditSchema = z.object({
  id: reviewSubjectSchema.shape.id,
  /** Ours names the subject's type; the original client sends the review's `recordId` instead. */
  categoryType: reviewCategoryType.optional(),
  recordId: optionalId('审批对象类型有误'),
  status: intEnum([1, 2, 4] as const, '审批操作有误'),
  remarks: optionalText({ label: '审批意见', max: 500, multiline: true }),
  nextUserId: nullableId('下一审批人不存在').transform((v) => v ?? undefined),
});
