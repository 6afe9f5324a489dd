import { z } from 'zod';
import { batchIdPattern } from '../fields/patterns.ts';
import { customFieldValues, defaultOnCreate, formBatchId, requiredIfFillable } from '../records/schemas.ts';
import {
  idField,
  idList,
  intEnum,
  isDay,
  nullableId,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from '../schemas/fields.ts';
import { StoreMsg } from './messages.ts';
import {
  BANK_LOOKUP_MIN,
  GIFT_PROJECT_MAX,
  giftProjects,
  STORE_ID_CARD_MAX,
  STORE_PHONE_MAX,
  signingGoals,
  splitList,
} from './rules.ts';

/**
 * The shop payload (shell spec 3.1) with every rule of 5.1: the form validates with this schema
 * and `/api/Store/addShopOwner` and `/api/Store/editShopOwner` parse their bodies with it.
 */

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);

/** The texts of the form: their names in messages and their longest lengths. */
export const storeText = {
  name: { label: '店主姓名', max: 50 },
  idCard: { label: '身份证号', max: STORE_ID_CARD_MAX },
  gatIdCard: { label: '港澳台身份证号', max: 30 },
  shopName: { label: '门店名称', max: 50 },
  otherManage: { label: '管理员用户名', max: 50 },
  shopAddress: { label: '门店地址', max: 200 },
  storeBrand: { label: '门店品牌', max: 50 },
  tlNumber: { label: '收款账号', max: 50 },
  bankCardNumber: { label: '银行卡号', max: 30 },
  remark: { label: '备注', max: 500, multiline: true },
  idCardUrl: { label: '身份证照片', max: 500 },
} as const;

/** Digits only, at most 11 (contact, manager and backbone phones). */
const digits = (msg: string, required: boolean) =>
  z.preprocess(
    (v) => (blank(v) ? '' : trim(v)),
    z
      .string({ error: msg })
      .refine((s) => (s === '' ? !required : /^\d+$/.test(s) && s.length <= STORE_PHONE_MAX), { error: msg }),
  );

/** A non-negative number, blank allowed; `label` names it in the message. */
const optionalAmount = (label: string) => {
  const msg = StoreMsg.numberInvalid.replace('{label}', label);
  return z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: msg }).min(0, { error: msg }).max(1e12, { error: msg }).nullable(),
  );
};
const optionalCount = (label: string) => {
  const msg = StoreMsg.numberInvalid.replace('{label}', label);
  return z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: msg }).int({ error: msg }).min(0, { error: msg }).max(2_000_000_000, { error: msg }).nullable(),
  );
};

/** The signing amount: required, not negative; stored with two decimals (cut, as the form does on blur). */
const money = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? StoreMsg.moneyRequired : StoreMsg.moneyInvalid) })
    .min(0, { error: StoreMsg.moneyInvalid })
    .max(1e12, { error: StoreMsg.moneyInvalid })
    .transform((n) => Math.trunc(n * 100 + 1e-6) / 100),
);

/** A required day `YYYY-MM-DD` (请选择日期). */
const day = z.preprocess(
  (v) => (blank(v) ? '' : typeof v === 'string' ? v.trim().slice(0, 10) : v),
  z.string({ error: StoreMsg.dateRequired }).refine(isDay, { error: StoreMsg.dateRequired }),
);
const optionalDay = z.preprocess(
  (v) => (blank(v) ? null : typeof v === 'string' ? v.trim().slice(0, 10) : v),
  z.string({ error: StoreMsg.dateRequired }).refine(isDay, { error: StoreMsg.dateRequired }).nullable(),
);

/** A comma-joined list of ids, answered comma-joined and without repeats. */
const idCsv = (msg: string, opts: { required?: string; unique?: string } = {}) =>
  z.preprocess(
    (v) => splitList(v),
    z
      .array(z.string().regex(/^[1-9]\d{0,9}$/, { error: msg }), { error: msg })
      .max(200, { error: msg })
      .superRefine((ids, ctx) => {
        if (opts.required && ids.length === 0) ctx.addIssue({ code: 'custom', message: opts.required });
        if (opts.unique && new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: opts.unique });
        if (ids.some((i) => Number(i) > 2_147_483_647)) ctx.addIssue({ code: 'custom', message: msg });
      })
      .transform((ids) => [...new Set(ids)].join(',')),
  );

const flag = intEnum([0, 1] as const, StoreMsg.flagInvalid, 0);
const goalCodes = new Set<string>(signingGoals.map((g) => String(g.value)));
const giftNames = new Set<string>(giftProjects.map((g) => g.value));
const optionalBatch = z.preprocess(
  (v) => (blank(v) ? '' : trim(v)),
  z.string({ error: StoreMsg.flagInvalid }).refine((s) => s === '' || batchIdPattern.test(s), {
    error: '图片批次号有误',
  }),
);
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: StoreMsg.coordinateInvalid })
      .min(min, { error: StoreMsg.coordinateInvalid })
      .max(max, { error: StoreMsg.coordinateInvalid })
      .nullable(),
  );

/** The shop's fields as the form fills them and the server stores them. */
export const storeFields = {
  parentLoginShopOwnerId: nullableId(StoreMsg.parentInvalid),
  name: requiredText(storeText.name, StoreMsg.nameRequired),
  sex: intEnum([0, 1] as const, StoreMsg.sexInvalid, 0),
  isManageShops: flag,
  otherManage: requiredText(storeText.otherManage, StoreMsg.otherManageRequired),
  otherPhone: digits(StoreMsg.otherPhoneInvalid, false),
  phone: digits(StoreMsg.phoneInvalid, true),
  idCard: requiredText(storeText.idCard, StoreMsg.idCardRequired),
  gatIdCard: optionalText(storeText.gatIdCard),
  shopName: requiredText(storeText.shopName, StoreMsg.shopNameRequired),
  tlNumber: optionalText(storeText.tlNumber),
  shopAddress: requiredText(storeText.shopAddress, StoreMsg.shopAddressRequired),
  area: optionalAmount('面积'),
  year: optionalCount('开店年限'),
  personnel: optionalCount('员工人数'),
  stableMembes: optionalCount('稳定会员数'),
  backbonePhone: digits(StoreMsg.backbonePhoneInvalid, false),
  projectClass: idCsv(StoreMsg.projectClassInvalid, { required: StoreMsg.projectClassRequired }),
  storeBrand: optionalText(storeText.storeBrand),
  storeOutputValue: optionalAmount('年产值'),
  isBeatingClass: idCsv(StoreMsg.projectInvalid),
  /** Signing goal codes 0–3, comma-joined. */
  signing: z.preprocess(
    (v) => splitList(v),
    z
      .array(z.string(), { error: StoreMsg.signingInvalid })
      .min(1, { error: StoreMsg.signingRequired })
      .refine((c) => c.every((x) => goalCodes.has(x)), { error: StoreMsg.signingInvalid })
      .transform((c) => [...new Set(c)].sort().join(',')),
  ),
  /** 服务三级: the serving employee's user id. */
  relation: z.preprocess(
    (v) => (blank(v) ? undefined : trim(v)),
    z
      .string({ error: StoreMsg.relationRequired })
      .regex(/^[1-9]\d{0,9}$/, { error: StoreMsg.relationRequired })
      .refine((s) => Number(s) <= 2_147_483_647, { error: StoreMsg.relationRequired }),
  ),
  pid: nullableId(StoreMsg.userInvalid),
  businessLicensePhotos: optionalBatch,
  contractPhotos: optionalBatch,
  bankCardNumber: z.preprocess(
    (v) => (blank(v) ? '' : typeof v === 'string' ? v.replace(/\s+/g, '') : trim(v)),
    z.string({ error: StoreMsg.bankCardInvalid }).regex(/^\d{0,30}$/, { error: StoreMsg.bankCardInvalid }),
  ),
  longitude: coordinate(-180, 180),
  latitude: coordinate(-90, 90),
  adminUserId: nullableId(StoreMsg.userInvalid),
  signTime: day,
  money,
  giveProject: z.preprocess(
    (v) => splitList(v),
    z
      .array(z.string(), { error: StoreMsg.giveProjectInvalid })
      .refine((g) => g.every((x) => giftNames.has(x)), { error: StoreMsg.giveProjectInvalid })
      .refine((g) => new Set(g).size <= GIFT_PROJECT_MAX, { error: StoreMsg.giveProjectMax })
      .transform((g) => [...new Set(g)].join(',')),
  ),
  hasOldCustomer: flag,
  remark: optionalText(storeText.remark),
  serverIds: idCsv(StoreMsg.serverInvalid, { unique: StoreMsg.serverRepeated }),
  idCardUrl: optionalText(storeText.idCardUrl),
  hasSign: z.preprocess(
    (v) =>
      blank(v)
        ? false
        : v === 'true' || v === '1' || v === 1
          ? true
          : v === 'false' || v === '0' || v === 0
            ? false
            : v,
    z.boolean({ error: StoreMsg.flagInvalid }),
  ),
  signTimes: optionalDay,
  signItemUserIds: idCsv(StoreMsg.userInvalid),
};

const withSigning = <T extends { hasSign: boolean; signTimes: string | null; signItemUserIds: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  // The signing date belongs to a 12800 signing; without one both fields are cleared.
  if (v.hasSign && !v.signTimes) ctx.addIssue({ code: 'custom', message: StoreMsg.dateRequired, path: ['signTimes'] });
};

/** The form's fields (no batch, no id): the web form checks its values with this. */
export const storeFormSchema = z.object(storeFields).superRefine(withSigning);
export type StoreFormValues = z.input<typeof storeFormSchema>;

/**
 * The shop's fields required of whoever may fill them (docs/api/fields.md): hidden from the
 * user's roles or read-only, they are not required of them; an update keeps the stored value and
 * a create takes the column's default (migration 0049). The server checks the others.
 */
export const storeRequiredFields = {
  name: StoreMsg.nameRequired,
  phone: StoreMsg.phoneInvalid,
  idCard: StoreMsg.idCardRequired,
  shopAddress: StoreMsg.shopAddressRequired,
  otherManage: StoreMsg.otherManageRequired,
  relation: StoreMsg.relationRequired,
  signing: StoreMsg.signingRequired,
  money: StoreMsg.moneyRequired,
  signTime: StoreMsg.dateRequired,
} as const;

/**
 * The form's schema for a user who may not fill `notRequired` (the web form passes its hidden and
 * read-only fields): those required fields may be left out or empty.
 */
export function storeFormSchemaFor(notRequired: Iterable<string>) {
  const relaxed = Object.fromEntries(
    [...notRequired]
      .filter((n): n is keyof typeof storeRequiredFields => n in storeRequiredFields)
      .map((n) => [n, requiredIfFillable(storeFields[n])]),
  );
  return z.object({ ...storeFields, ...relaxed }).superRefine(withSigning);
}

/** POST /api/Store/addShopOwner and /api/Store/editShopOwner (with `id`). */
export const storeSaveSchema = z
  .object({
    ...storeFields,
    name: requiredIfFillable(storeFields.name),
    phone: requiredIfFillable(storeFields.phone),
    idCard: requiredIfFillable(storeFields.idCard),
    shopAddress: requiredIfFillable(storeFields.shopAddress),
    otherManage: requiredIfFillable(storeFields.otherManage),
    relation: requiredIfFillable(storeFields.relation),
    signing: requiredIfFillable(storeFields.signing),
    money: requiredIfFillable(storeFields.money),
    signTime: requiredIfFillable(storeFields.signTime),
    // Left out, the column's default (create) or the stored value (update): a hidden sex is never sent.
    sex: defaultOnCreate(storeFields.sex),
    id: optionalId('门店不存在'),
    /** The new owner, when editing and the loaded record's IsCanUpdateUserOwner allows it. */
    ownerUserId: optionalId(StoreMsg.userInvalid),
    /** Always 1 from the web form (spec 3.1); accepted and ignored. */
    isWebGuWenUpdate: z.unknown().optional(),
    batchId: formBatchId,
    field: customFieldValues,
  })
  .superRefine(withSigning)
  .transform((v) => (v.hasSign ? v : { ...v, signTimes: null, signItemUserIds: '' }));
export type StoreSaveInput = z.infer<typeof storeSaveSchema>;
export const storeEditSchema = storeSaveSchema.refine((v) => v.id !== undefined, { error: '门店不存在' });

/** GET /api/Store/queryMyShoperOwnerPage, POST /api/Store/findPage: page, limit, search. */
export const storePageSchema = z.object({ ...pageFields, search: searchField });
/** POST /api/Store/searchShop: the customer panel's shop autocomplete. */
export const storeSearchSchema = z.object({ search: searchField, limit: pageFields.limit });
/** Shop owner list by search text (page 1, limit 50). */
export const shopOwnerListSchema = z.object({ search: searchField, excludeId: optionalId('门店不存在') });
/** The provider list of the form: other shops by name, never the shop itself. */
export const storeServerListSchema = z.object({ search: searchField, shopId: optionalId('门店不存在') });
export const storeIdSchema = z.object({ id: idField('门店不存在') });
/**
 * POST /api/Store/changeCustomerShopOwnerId: move customers to another shop — closed ones too,
 * which the customer panel may not (docs/decisions.md "Customers linked to an account").
 */
export const changeCustomerShopSchema = z.object({
  ids: idList('请选择客户').refine((ids) => ids.length > 0, { error: '请选择客户' }),
  shopOwnerId: idField('请选择所属门店'),
});
export const storeOptionalIdSchema = z.object({ id: optionalId('门店不存在'), search: searchField });
export const projectByTypeSchema = z.object({ classIds: idCsv(StoreMsg.projectClassInvalid) });
export const saveShopProjectsSchema = z.object({
  id: idField('门店不存在'),
  projectIds: idCsv(StoreMsg.projectInvalid),
});
export const bankNameSchema = z.object({
  cardNumber: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : trim(v)),
    z
      .string({ error: StoreMsg.bankCardInvalid })
      .regex(/^\d+$/, { error: '请输入至少10位银行卡号' })
      .refine((s) => s.length >= BANK_LOOKUP_MIN && s.length <= 30, { error: '请输入至少10位银行卡号' }),
  ),
});

/** The words a shop spreadsheet holds for coded values (男/女, the signing goals' names, `、` lists). */
const sheetSex: Record<string, number> = { 男: 0, 女: 1 };
const sheetList = (v: unknown) => (typeof v === 'string' ? v.replace(/[，、]/g, ',') : v);

/**
 * An imported shop row (`{...fixed, field, batchId}` with the sheet's words) read as the form's
 * save body: the same schema and messages as `addShopOwner`. The server resolves 服务三级 and
 * 门店主营项目分类 from names to ids before (crm/store/import.ts).
 */
export const storeImportSchema = z.preprocess((v) => {
  if (typeof v !== 'object' || v === null) return v;
  const row = { ...(v as Record<string, unknown>) };
  if (typeof row.sex === 'string' && row.sex.trim() in sheetSex) row.sex = sheetSex[row.sex.trim()];
  row.projectClass = sheetList(row.projectClass);
  row.signing = splitList(sheetList(row.signing))
    .map((w) => String(signingGoals.find((g) => g.label === w)?.value ?? w))
    .join(',');
  return row;
}, storeSaveSchema);
