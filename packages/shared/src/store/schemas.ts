import { z } from 'zod';
import { batchIdPattern } from '../fields/patterns.ts';
import {
  fillableOnlyFields,
  fillShape,
  fixedShape,
  invalidMsgOf,
  relaxFillable,
  startingAt,
  textRuleOf,
} from '../records/derive.ts';
import { customFieldValues, formBatchId } from '../records/schemas.ts';
import { storeKind } from '../records/store.ts';
import {
  idField,
  idList,
  intEnum,
  isDay,
  nullableId,
  optionalId,
  optionalText,
  pageFields,
  searchField,
} from '../schemas/fields.ts';
import { StoreMsg } from './messages.ts';
import { BANK_LOOKUP_MIN, GIFT_PROJECT_MAX, giftProjects, STORE_PHONE_MAX, signingGoals, splitList } from './rules.ts';

/**
 * The shop payload (shell spec 3.1) with every rule of 5.1: the form validates with this schema
 * and `/api/Store/addShopOwner` and `/api/Store/editShopOwner` parse their bodies with it. The
 * fixed fields' rules derive from their declaration (records/store.ts: limits, required, the
 * spec's messages); the shop gives its own where a declaration cannot say them (digits-only
 * phones, amounts, the serving employee, the signing goals and block), and the payload's fields
 * that are no fixed fields.
 */

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);

const declared = (name: string) => storeKind.fixedFields.find((f) => f.fieldName === name)!;
/** A fixed field's declared text rule: its name and limit. */
const textOf = (name: string) => textRuleOf(declared(name));

/** The texts of the form: their names in messages and their longest lengths, as declared. */
export const storeText = {
  name: textOf('name'),
  idCard: textOf('idCard'),
  gatIdCard: textOf('gatIdCard'),
  shopName: textOf('shopName'),
  otherManage: textOf('otherManage'),
  shopAddress: textOf('shopAddress'),
  storeBrand: textOf('storeBrand'),
  tlNumber: textOf('tlNumber'),
  bankCardNumber: textOf('bankCardNumber'),
  remark: textOf('remark'),
  /** No fixed field: the payload's, its column's length. */
  idCardUrl: { label: '身份证照片', max: 500 },
};

/** Digits only, at most `max` (contact, manager and backbone phones). */
const digits = (msg: string, required: boolean, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? '' : trim(v)),
    z.string({ error: msg }).refine((s) => (s === '' ? !required : /^\d+$/.test(s) && s.length <= max), { error: msg }),
  );
/** A declared phone: digits only within its limit, refused with its declared message. */
const declaredDigits = (name: string, required: boolean) => {
  const f = declared(name);
  return digits(invalidMsgOf(f), required, textRuleOf(f).max);
};

/** A non-negative number, blank allowed; the field's declared name names it in the message. */
const optionalAmount = (name: string) => {
  const msg = StoreMsg.numberInvalid.replace('{label}', declared(name).name);
  return z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: msg }).min(0, { error: msg }).max(1e12, { error: msg }).nullable(),
  );
};
const optionalCount = (name: string) => {
  const msg = StoreMsg.numberInvalid.replace('{label}', declared(name).name);
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

/**
 * The shop's own rules of fixed fields, as the form checks them (required ones required): what
 * their declaration cannot say. The save relaxes those required of whoever may fill them.
 */
const storeOwn = {
  phone: declaredDigits('phone', true),
  area: optionalAmount('area'),
  year: optionalCount('year'),
  personnel: optionalCount('personnel'),
  stableMembes: optionalCount('stableMembes'),
  otherPhone: declaredDigits('otherPhone', false),
  storeOutputValue: optionalAmount('storeOutputValue'),
  /** 服务三级: the serving employee's user id. */
  relation: z.preprocess(
    (v) => (blank(v) ? undefined : trim(v)),
    z
      .string({ error: StoreMsg.relationRequired })
      .regex(/^[1-9]\d{0,9}$/, { error: StoreMsg.relationRequired })
      .refine((s) => Number(s) <= 2_147_483_647, { error: StoreMsg.relationRequired }),
  ),
  /** Signing goal codes 0–3, comma-joined. */
  signing: z.preprocess(
    (v) => splitList(v),
    z
      .array(z.string(), { error: StoreMsg.signingInvalid })
      .min(1, { error: StoreMsg.signingRequired })
      .refine((c) => c.every((x) => goalCodes.has(x)), { error: StoreMsg.signingInvalid })
      .transform((c) => [...new Set(c)].sort().join(',')),
  ),
  money,
  signTime: day,
  /** Digits, spaces dropped, within the declared limit. */
  bankCardNumber: z.preprocess(
    (v) => (blank(v) ? '' : typeof v === 'string' ? v.replace(/\s+/g, '') : trim(v)),
    z
      .string({ error: StoreMsg.bankCardInvalid })
      .refine((s) => /^\d*$/.test(s) && s.length <= storeText.bankCardNumber.max, { error: StoreMsg.bankCardInvalid }),
  ),
};

/** The payload's fields that are no fixed fields (shell spec 3.1): their columns are the shop's own. */
const payloadFields = {
  parentLoginShopOwnerId: nullableId(StoreMsg.parentInvalid),
  isManageShops: flag,
  backbonePhone: digits(StoreMsg.backbonePhoneInvalid, false, STORE_PHONE_MAX),
  projectClass: idCsv(StoreMsg.projectClassInvalid, { required: StoreMsg.projectClassRequired }),
  isBeatingClass: idCsv(StoreMsg.projectInvalid),
  pid: nullableId(StoreMsg.userInvalid),
  businessLicensePhotos: optionalBatch,
  contractPhotos: optionalBatch,
  longitude: coordinate(-180, 180),
  latitude: coordinate(-90, 90),
  adminUserId: nullableId(StoreMsg.userInvalid),
  giveProject: z.preprocess(
    (v) => splitList(v),
    z
      .array(z.string(), { error: StoreMsg.giveProjectInvalid })
      .refine((g) => g.every((x) => giftNames.has(x)), { error: StoreMsg.giveProjectInvalid })
      .refine((g) => new Set(g).size <= GIFT_PROJECT_MAX, { error: StoreMsg.giveProjectMax })
      .transform((g) => [...new Set(g)].join(',')),
  ),
  hasOldCustomer: flag,
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

/** The save's fixed fields: declared rules and the shop's own, those required of whoever may fill them relaxed. */
const savedFixed = fixedShape(storeKind, relaxFillable(storeKind, storeOwn));

/** The shop's fields as the form fills them (a new shop starts male) and the server stores them. */
export const storeFields = {
  ...fillShape(storeKind, {
    ...storeOwn,
    sex: startingAt(savedFixed.sex, 0),
  }),
  ...payloadFields,
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
export const storeRequiredFields = fillableOnlyFields(storeKind);

/**
 * The form's schema for a user who may not fill `notRequired` (the web form passes its hidden and
 * read-only fields): those required fields may be left out or empty.
 */
export function storeFormSchemaFor(notRequired: Iterable<string>) {
  return z.object(relaxFillable(storeKind, storeFields, notRequired)).superRefine(withSigning);
}

/** POST /api/Store/addShopOwner and /api/Store/editShopOwner (with `id`). */
export const storeSaveSchema = z
  .object({
    // Left out, a field keeps the column's default (create) or the stored value (update): a hidden sex is never sent.
    ...savedFixed,
    ...payloadFields,
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
      .refine((s) => s.length >= BANK_LOOKUP_MIN && s.length <= storeText.bankCardNumber.max, {
        error: '请输入至少10位银行卡号',
      }),
  ),
});

/**
 * The words a shop spreadsheet holds for coded values (the signing goals' names, `、` lists); 男/女
 * are read by the declared 性别 itself.
 */
const sheetList = (v: unknown) => (typeof v === 'string' ? v.replace(/[，、]/g, ',') : v);

/**
 * An imported shop row (`{...fixed, field, batchId}` with the sheet's words) read as the form's
 * save body: the same schema and messages as `addShopOwner`. The server resolves 服务三级 and
 * 门店主营项目分类 from names to ids before (crm/store/import.ts).
 */
export const storeImportSchema = z.preprocess((v) => {
  if (typeof v !== 'object' || v === null) return v;
  const row = { ...(v as Record<string, unknown>) };
  row.projectClass = sheetList(row.projectClass);
  row.signing = splitList(sheetList(row.signing))
    .map((w) => String(signingGoals.find((g) => g.label === w)?.value ?? w))
    .join(',');
  return row;
}, storeSaveSchema);
