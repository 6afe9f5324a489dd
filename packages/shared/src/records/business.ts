import { z } from 'zod';
import {
  idField,
  intEnum,
  optionalDay,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
} from '../schemas/fields.ts';
import { fillableOnlyFields, fixedShape } from './derive.ts';
import { commonScenes, ModuleCode, type RecordKind } from './kind.ts';
import { originalSaveBody } from './original.ts';
import { moneyField } from './product.ts';
import { productLinesSchema, productTotalsFields } from './product-lines.ts';
import { customFieldValues, formBatchId } from './schemas.ts';

/**
 * Opportunities (商机, module 5, crm-records §3, §7 "Business"; DECISIONS "CRM": status groups
 * with stages, an opportunity ends won, lost or invalid, each stage change logged). An opportunity
 * belongs to a customer, follows the stages of its business type, and carries product lines.
 */
export const BusinessMsg = {
  notFound: '商机不存在',
  nameRequired: '请输入商机名称',
  customerRequired: '请选择客户',
  customerMissing: '客户不存在',
  typeRequired: '请选择商机状态组',
  typeMissing: '商机状态组不存在或已停用',
  statusRequired: '请选择商机阶段',
  statusNotOfType: '商机阶段不属于所选商机状态组',
  moneyInvalid: '货币的整数部分须少于10位，小数部分须少于2位',
  dealDateInvalid: '预计成交日期格式有误',
  ended: '商机已结束，不能再推进',
  endInvalid: '商机结束状态有误',
  typeNameRequired: '请输入商机状态组名称',
  typeNameTaken: '商机状态组名称已存在',
  stagesRequired: '请至少添加一个阶段',
  stageNameRequired: '请输入阶段名称',
  stageNameTaken: '阶段名称不能重复',
  rateInvalid: '赢单率须为0到100的整数',
  typeInUse: '该商机状态组已有商机使用，不能删除',
  stageInUse: '该阶段已有商机使用，不能删除',
  customerHasBusiness: '客户下有商机，不能删除',
  typeStatusInvalid: '状态有误',
} as const;

/** How an opportunity ends (isEnd): 0 still open, 1 won 赢单, 2 lost 输单, 3 invalid 无效. */
export const BusinessEnd = { open: 0, won: 1, lost: 2, invalid: 3 } as const;
export const businessEndNames: Record<number, { name: string; nameEn: string }> = {
  1: { name: '赢单', nameEn: 'Won' },
  2: { name: '输单', nameEn: 'Lost' },
  3: { name: '无效', nameEn: 'Invalid' },
};

export const businessKind = {
  key: 'business',
  label: ModuleCode.business,
  name: '商机',
  nameEn: 'Opportunity',
  permission: 'crm:business',
  table: 'crm_business',
  idField: 'businessId',
  nameField: 'businessName',
  link: { formType: 'business' },
  fixedFields: [
    {
      fieldName: 'businessName',
      column: { type: 'varchar' },
      requiredMsg: BusinessMsg.nameRequired,
      name: '商机名称',
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
      requiredMsg: BusinessMsg.customerRequired,
      name: '客户名称',
      nameEn: 'Customer',
      formType: 'customer',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'typeId',
      column: { type: 'integer' },
      fillableOnly: true,
      requiredMsg: BusinessMsg.typeRequired,
      name: '商机状态组',
      nameEn: 'Stage group',
      formType: 'business_type',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'statusId',
      column: { type: 'integer', nullable: true },
      fillableOnly: true,
      requiredMsg: BusinessMsg.statusRequired,
      name: '商机阶段',
      nameEn: 'Stage',
      formType: 'business_status',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'money',
      column: { type: 'numeric(14, 2)', nullable: true },
      name: '商机金额',
      nameEn: 'Amount',
      formType: 'floatnumber',
      isNull: 0,
      isUnique: 0,
    },
    {
      fieldName: 'dealDate',
      column: { type: 'varchar', length: 10, nullable: true },
      name: '预计成交日期',
      nameEn: 'Expected close',
      formType: 'date',
      isNull: 0,
      isUnique: 0,
    },
    {
      fieldName: 'remark',
      column: { type: 'varchar', length: 200 },
      name: '备注',
      nameEn: 'Remark',
      formType: 'textarea',
      isNull: 0,
      isUnique: 0,
    },
  ],
  readColumns: [
    { key: 'customerName', name: '客户名称', nameEn: 'Customer' },
    { key: 'typeName', name: '商机状态组', nameEn: 'Stage group' },
    { key: 'statusName', name: '商机阶段', nameEn: 'Stage' },
  ],
  // Spec 3.8: businessName, money, customerName, typeName, statusName.
  defaultColumns: ['businessName', 'money', 'customerName', 'typeName', 'statusName'],
  systemScenes: commonScenes,
  features: { team: true, followUps: true, attachments: true, transfer: true, products: true },
} as const satisfies RecordKind;

/**
 * The opportunity's customer, stage group and stage are required of whoever may fill them
 * (docs/api/fields.md): hidden or read-only, an update keeps the stored ones; a new opportunity
 * always needs them.
 */
export const businessRequiredFields = fillableOnlyFields(businessKind);

/** `CrmBusiness/addOrUpdate` (JSON): `{entity, field, product}` (crm-records §3). */
const businessSaveBody = z.object({
  entity: z.object({
    businessId: optionalId(BusinessMsg.notFound),
    ...fixedShape(businessKind, {
      money: moneyField(null, BusinessMsg.moneyInvalid),
      dealDate: optionalDay(BusinessMsg.dealDateInvalid),
    }),
    batchId: formBatchId,
    ...productTotalsFields,
  }),
  field: customFieldValues,
  product: productLinesSchema,
});
/** The same call as the original client's forms send it (records/original.ts). */
export const businessSaveSchema = originalSaveBody(businessKind, businessSaveBody);
export type BusinessSaveInput = z.infer<typeof businessSaveSchema>;

/** `boostBusinessStatus`: to a stage of its group (isEnd 0), or end it won, lost or invalid. */
export const boostBusinessSchema = z
  .object({
    businessId: idField(BusinessMsg.notFound),
    statusId: optionalId(BusinessMsg.statusRequired),
    isEnd: intEnum([0, 1, 2, 3] as const, BusinessMsg.endInvalid, 0),
    statusRemark: optionalText({ label: '备注', max: 200, multiline: true }),
  })
  .refine((b) => b.isEnd !== 0 || b.statusId !== undefined, { error: BusinessMsg.statusRequired, path: ['statusId'] });

export const businessIdSchema = z.object({ businessId: idField(BusinessMsg.notFound) });
/** `queryProduct`: by businessId, pageType 0 (the whole list). */
export const businessProductSchema = z.object({
  businessId: idField(BusinessMsg.notFound),
  pageType: z.unknown().optional(),
});
/** `CrmCustomer/queryBusiness`: a customer's opportunities, a page. */
export const customerBusinessSchema = z.object({ customerId: idField('客户不存在'), ...pageFields });

/** A stage: name, win rate (percent), order. */
export const businessStageSchema = z.object({
  statusId: optionalId(BusinessMsg.statusRequired),
  name: requiredText({ label: '阶段名称', max: 50 }, BusinessMsg.stageNameRequired),
  rate: intEnum(
    Array.from({ length: 101 }, (_, i) => i),
    BusinessMsg.rateInvalid,
  ),
});

/** `businessType/saveAndUpdate`: the group, its stages in order (the order is their position). */
const businessTypeBody = z.object({
  typeId: optionalId(BusinessMsg.typeMissing),
  name: requiredText({ label: '商机状态组名称', max: 50 }, BusinessMsg.typeNameRequired),
  status: intEnum([0, 1] as const, BusinessMsg.typeStatusInvalid, 1),
  statusList: z
    .array(businessStageSchema, { error: BusinessMsg.stagesRequired })
    .min(1, { error: BusinessMsg.stagesRequired })
    .max(30, { error: BusinessMsg.stagesRequired })
    .refine((ls) => new Set(ls.map((s) => s.name)).size === ls.length, { error: BusinessMsg.stageNameTaken }),
});
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * Also as the original's settings dialog posts it (`businessType/setBusinessType`):
 * `{crmBusinessType: {typeId, name}, crmBusinessStatus: [{name, rate}], deptIds}`. Groups here
 * are not limited to departments, so `deptIds` is not read.
 */
const originalGroupKeys = z.looseObject(
  Object.fromEntries(
    [...Object.keys(businessTypeBody.shape), 'crmBusinessType', 'crmBusinessStatus', 'deptIds'].map((k) => [
      k,
      z.unknown().optional(),
    ]),
  ),
);
export const businessTypeSaveSchema = originalGroupKeys
  .transform((b: Record<string, unknown>): unknown =>
    isRecord(b.crmBusinessType)
      ? { typeId: b.crmBusinessType.typeId, name: b.crmBusinessType.name, statusList: b.crmBusinessStatus }
      : b,
  )
  .pipe(businessTypeBody);
export type BusinessTypeSaveInput = z.infer<typeof businessTypeSaveSchema>;
export const businessTypeIdSchema = z.object({ id: idField(BusinessMsg.typeMissing) });
export const businessTypeStatusSchema = z.object({
  id: idField(BusinessMsg.typeMissing),
  status: intEnum([0, 1] as const, BusinessMsg.typeStatusInvalid),
});

export const businessStageRow = z.object({
  statusId: z.number(),
  typeId: z.number(),
  name: z.string(),
  rate: z.number(),
  orderNum: z.number(),
});
export const businessTypeRow = z.object({
  typeId: z.number(),
  name: z.string(),
  status: z.number(),
  statusList: z.array(businessStageRow),
});
export type BusinessTypeRow = z.infer<typeof businessTypeRow>;
export const businessTypeListResponse = z.array(businessTypeRow);
/** `businessType/queryBusinessTypeList`: the original client's settings page reads the groups as a page. */
export const businessTypePageResponse = z.object({ list: businessTypeListResponse, totalRow: z.number().int() });

/** `queryBusinessStatus`: the stage bar of one opportunity. */
export const businessStatusResponse = z.object({
  typeId: z.number(),
  typeName: z.string(),
  statusId: z.number().nullable(),
  isEnd: z.number(),
  statusRemark: z.string(),
  statusList: z.array(businessStageRow),
});
export type BusinessStatusAnswer = z.infer<typeof businessStatusResponse>;
