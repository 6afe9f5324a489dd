import { z } from 'zod';
import { batchIdPattern, mobilePattern } from '../fields/patterns.ts';
import {
  boolish,
  idField,
  idList,
  intEnum,
  optionalDay,
  optionalId,
  optionalText,
  requiredText,
} from '../schemas/fields.ts';
import { customerKind } from './customer.ts';
import { kindCodes } from './kind.ts';
import { originalSaveBody } from './original.ts';
import { customFieldValues, defaultOnCreate, RecordMsg, requiredIfFillable } from './schemas.ts';

/**
 * The customer's save call, `CrmCustomer/addOrUpdate` (shell spec 3.2, 5.2; crm-records §3). The
 * side panel posts a flat body; the generic form posts `{entity, field}`. Both reach the same
 * schema, so a rule holds whichever form sent it. Messages of shell spec 5.2, in Chinese.
 */
export const CustomerMsg = {
  notFound: '客户不存在',
  nameRequired: '请输入客户名称',
  mobileRequired: '请输入手机号',
  mobileInvalid: '手机格式有误',
  relationRequired: '请输入服务三级',
  idCardRequired: '请输入身份证号码',
  shopRequired: '请选择所属门店',
  genderInvalid: '请选择性别',
  signTimeRequired: '请选择签约日期',
  signTimeInvalid: '签约日期格式有误',
  signUsersInvalid: '下级经销商有误',
} as const;

/** The panel's fields, each with its rule; `customerId` on update. */
export const customerEntityFields = {
  customerId: optionalId(CustomerMsg.notFound),
  customerName: requiredText({ label: '客户名称', max: 50 }, CustomerMsg.nameRequired),
  mobile: requiredText({ label: '手机号', max: 11 }, CustomerMsg.mobileRequired).refine((v) => mobilePattern.test(v), {
    error: CustomerMsg.mobileInvalid,
  }),
  hasOldCustomer: z.preprocess((v) => (v === undefined || v === null || v === '' ? true : v), boolish),
  gender: intEnum([1, 2] as const, CustomerMsg.genderInvalid, 1),
  shopOwnerId: idField(CustomerMsg.shopRequired),
  relation: requiredText({ label: '服务三级', max: 50 }, CustomerMsg.relationRequired),
  idCard: requiredText({ label: '身份证号', max: 18 }, CustomerMsg.idCardRequired),
  gatIdCard: optionalText({ label: '港澳台身份证号', max: 30 }),
  idCardUrl: optionalText({ label: '身份证照片', max: 300 }),
  hasSign: z.preprocess((v) => (v === undefined || v === null || v === '' ? false : v), boolish),
  signTime: optionalDay(CustomerMsg.signTimeInvalid),
  signItemUserIds: idList(CustomerMsg.signUsersInvalid),
  /** The form's batch: attachments and the double-click guard. The panel may leave it out (see below). */
  batchId: z.string().regex(batchIdPattern, { error: RecordMsg.batchRequired }).optional(),
};

/** The panel's fields with their cross-field rule: the form validates each field with it. */
export const customerEntitySchema = z.object(customerEntityFields).superRefine(signingRule);

function signingRule(c: { hasSign?: boolean; signTime?: string | null }, ctx: z.RefinementCtx) {
  if (c.hasSign && !c.signTime)
    ctx.addIssue({ code: 'custom', path: ['signTime'], message: CustomerMsg.signTimeRequired });
}

/**
 * The panel's required fields whose requirement follows the user's field permissions: a field
 * hidden from them or read-only is not required of them (docs/api/fields.md); the server checks
 * the others with these messages once it knows the user's access (crm/records/save.ts).
 */
export const customerRequiredFields = {
  mobile: CustomerMsg.mobileRequired,
  shopOwnerId: CustomerMsg.shopRequired,
  relation: CustomerMsg.relationRequired,
  idCard: CustomerMsg.idCardRequired,
} as const;
type RequiredName = keyof typeof customerRequiredFields;

/**
 * The entity schema for a user who may not fill `notRequired` (the web panel passes its hidden
 * and read-only fields): those required fields may be left out or empty.
 */
export function customerEntitySchemaFor(notRequired: Iterable<string>) {
  const relaxed = Object.fromEntries(
    [...notRequired]
      .filter((n): n is RequiredName => n in customerRequiredFields)
      .map((n) => [n, requiredIfFillable(customerEntityFields[n])]),
  );
  return z.object({ ...customerEntityFields, ...relaxed }).superRefine(signingRule);
}

/**
 * What the save call accepts: every permission-dependent required field relaxed (the server then
 * requires those the user may fill) and no defaults applied to a field left out, so a field
 * hidden from the user is never sent for them and an update keeps what they could not see.
 */
const customerSaveEntitySchema = z
  .object({
    ...customerEntityFields,
    mobile: requiredIfFillable(customerEntityFields.mobile),
    shopOwnerId: requiredIfFillable(customerEntityFields.shopOwnerId),
    relation: requiredIfFillable(customerEntityFields.relation),
    idCard: requiredIfFillable(customerEntityFields.idCard),
    hasOldCustomer: defaultOnCreate(boolish),
    gender: defaultOnCreate(customerEntityFields.gender),
    hasSign: defaultOnCreate(boolish),
  })
  .superRefine(signingRule);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every top-level key either body may carry, so a body naming none of them is refused as misspelt. */
const bodyKeys = z.object(
  Object.fromEntries([...Object.keys(customerEntityFields), 'entity', 'field'].map((k) => [k, z.unknown().optional()])),
);

/**
 * Either body as `{entity, field}`: a body with an `entity` object is the generic form's, any
 * other is the panel's flat body (no custom values). Not signing clears the signing fields.
 */
const customerSaveBody = bodyKeys
  .transform((v): unknown => (isObject(v.entity) ? { entity: v.entity, field: v.field } : { entity: v, field: [] }))
  .pipe(z.object({ entity: customerSaveEntitySchema, field: customFieldValues }))
  .transform(({ entity, field }) => ({
    entity: entity.hasSign === false ? { ...entity, signTime: null, signItemUserIds: [] } : entity,
    field,
  }));

/** The same call as the original client's forms send it (records/original.ts). */
export const customerSaveSchema = originalSaveBody(customerKind, customerSaveBody);
export type CustomerSaveInput = z.infer<typeof customerSaveSchema>;

/** The words a spreadsheet holds for the panel's coded fields (是/否, 男/女), as the save reads them. */
const sheetWords = kindCodes(customerKind);

/** The Excel import's rows (`{entity, field}` with words): the same rules as the save. */
export const customerImportSchema = z.preprocess((v) => {
  if (!isObject(v) || !isObject(v.entity)) return v;
  const entity = { ...v.entity };
  for (const [name, words] of Object.entries(sheetWords)) {
    const word = entity[name];
    if (typeof word === 'string' && word in words) entity[name] = words[word];
  }
  return { ...v, entity };
}, customerSaveBody);
