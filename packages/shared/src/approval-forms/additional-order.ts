import { z } from 'zod';
import { idCardPattern, mainlandMobilePattern } from '../fields/patterns.ts';
import { boolish, idList, intEnum, optionalId, optionalInt } from '../schemas/fields.ts';
import { optional, person, text } from './rules.ts';

/**
 * 追加单 (additional order, approvals.md 3 "Additional order customer entry" and 5): one or more
 * guests, each a customer (formType 1) or a shop (formType 2) the applicant may see, booked for
 * a project with the departments (科室) that receive them. The task (任务类型) is the approval's
 * own (`oaExamine.taskId`). Phone, age, gender, owner and shop data are the chosen record's: the
 * form shows them read-only and the server fills them in again from the record.
 */
export const AdditionalOrderMsg = {
  contentRequired: '审批内容不能为空',
  customerRequired: '客户姓名不能为空',
  relationRequired: '请输入店家三级',
  projectRequired: '请填写项目/客情',
  deptRequired: '请选择科室',
  phoneRequired: '请输入电话号码',
  phoneInvalid: '请输入正确的11位手机号码',
  guestsRequired: '请添加至少一位客人',
  tooManyGuests: '一次最多添加20位客人',
  guestDeleted: '删除成功~',
  formTypeInvalid: '客人类型有误',
  ageInvalid: '年龄最多2位数字',
  genderInvalid: '性别有误',
  subTimeInvalid: '预约日期有误',
  taskInvalid: '任务类型不存在',
  designerInvalid: '设计师不存在',
  shareholderTypeInvalid: '股东类型不存在',
  deptInvalid: '科室不存在',
  /** The server: a guest the applicant may not see. */
  customerOutOfScope: '只能选择您有权查看的客户',
  shopOutOfScope: '只能选择您有权查看的店家',
  customerMissing: '客户不存在',
  shopMissing: '店家不存在',
} as const;

/** Guest types: 1 customer (客户), 2 shop (店家). */
export const GuestType = { customer: 1, shop: 2 } as const;
export type GuestFormType = (typeof GuestType)[keyof typeof GuestType];
/** Gender in the additional order: 1 male, 2 female, 0 unknown. */
export const guestGenders = [0, 1, 2] as const;

/** A mainland mobile number: 11 digits, 1 then 3, 4, 5, 7 or 8. */
export const GUEST_PHONE = mainlandMobilePattern;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const phone = z.preprocess(
  (v) => (blank(v) ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: AdditionalOrderMsg.phoneInvalid })
    .min(1, { error: AdditionalOrderMsg.phoneRequired })
    .regex(GUEST_PHONE, { error: AdditionalOrderMsg.phoneInvalid }),
);

/** Age: at most two digits (read-only, from the record's ID card); blank when unknown. */
const age = z.preprocess(
  (v) => (blank(v) ? '' : typeof v === 'number' ? String(v) : v),
  z.string({ error: AdditionalOrderMsg.ageInvalid }).regex(/^\d{0,2}$/, { error: AdditionalOrderMsg.ageInvalid }),
);

/** The booking day `YYYY-MM-DD`, optional. */
const subTime = z.preprocess(
  (v) => (blank(v) ? '' : v),
  z
    .string({ error: AdditionalOrderMsg.subTimeInvalid })
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: AdditionalOrderMsg.subTimeInvalid }),
);

/** 科室: one or more department ids, comma-joined on the wire ("3,5"). */
const departments = idList(AdditionalOrderMsg.deptRequired).refine((ids) => ids.length > 0, {
  error: AdditionalOrderMsg.deptRequired,
});

export const additionalOrderGuestSchema = z.object({
  /** The row's id when an approval is edited (rows are replaced on save). */
  id: optionalId('客人有误'),
  formType: intEnum([1, 2] as const, AdditionalOrderMsg.formTypeInvalid, 1),
  /** The customer's (formType 1) or the shop's (formType 2) id. */
  customerId: person(AdditionalOrderMsg.customerRequired),
  customerName: text('客户姓名', 50, AdditionalOrderMsg.customerRequired),
  /** The record's owner (filled by the server). */
  userId: optionalId('负责人有误'),
  phone,
  age,
  gender: intEnum(guestGenders, AdditionalOrderMsg.genderInvalid, 0),
  bossMobile: optional('老板电话', 20),
  shopOwnerName: optional('所属店家', 50),
  hasOldCustomer: boolish.default(false),
  relation: text('店家三级', 50, AdditionalOrderMsg.relationRequired),
  projectContent: text('项目/客情', 500, AdditionalOrderMsg.projectRequired, true),
  subTime,
  needCap: optional('需求说明', 100),
  hasStoreShareholder: boolish.default(false),
  /** A value of the ownerShareholderType dictionary (a number). */
  ownerShareholderType: optionalInt(AdditionalOrderMsg.shareholderTypeInvalid, { min: 0, max: 999_999 }),
  deptId: departments,
  otherPhone: optional('紧急联系电话', 20),
  otherName: optional('紧急联系人', 20),
  tips: optional('注意事项', 200, true),
  remark: optional('备注', 200, true),
  appointDesignerUserId: optionalId(AdditionalOrderMsg.designerInvalid),
  ownerUserDeptName: optional('负责人部门', 50),
});
export type AdditionalOrderGuest = z.infer<typeof additionalOrderGuestSchema>;

/** oaExamineAdditionalOrderList: the guests, one at least. */
export const additionalOrderSchema = z
  .array(additionalOrderGuestSchema, { error: AdditionalOrderMsg.guestsRequired })
  .min(1, { error: AdditionalOrderMsg.guestsRequired })
  .max(20, { error: AdditionalOrderMsg.tooManyGuests });

/** The additional order's own field of `oaExamine`: the task, from the task types (optional). */
export const additionalOrderWrapper = () => ({
  taskId: optionalId(AdditionalOrderMsg.taskInvalid),
});

/**
 * Age in whole years on `today` (`YYYY-MM-DD`) from a mainland ID card number (18 digits, the
 * birthday at 7–14), or '' when the number carries none or the age is not two digits.
 */
export function ageFromIdCard(idCard: string, today: string): string {
  const id = idCard.trim();
  if (id.length !== 18 || !idCardPattern.test(id)) return '';
  const [y, mo, d] = [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))];
  const [ty, tmo, td] = today.split('-').map(Number) as [number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return '';
  const years = ty - y - (tmo < mo || (tmo === mo && td < d) ? 1 : 0);
  return years >= 0 && years <= 99 ? String(years) : '';
}

/** An empty guest of a type, as the form starts one. */
export const emptyGuest = (formType: GuestFormType = GuestType.customer) => ({
  formType,
  customerId: undefined,
  customerName: '',
  phone: '',
  age: '',
  gender: 0,
  bossMobile: '',
  shopOwnerName: '',
  hasOldCustomer: false,
  relation: '',
  projectContent: '',
  subTime: '',
  needCap: '',
  hasStoreShareholder: false,
  ownerShareholderType: undefined,
  deptId: '',
  otherPhone: '',
  otherName: '',
  tips: '',
  remark: '',
  appointDesignerUserId: undefined,
  ownerUserDeptName: '',
});

/** The guest pickers' lookups (approvals.md 7): `type` 1 customers, 2 shops; a name or phone. */
export const guestChoiceQuerySchema = z.object({
  type: intEnum([1, 2] as const, AdditionalOrderMsg.formTypeInvalid, 1),
  search: optional('搜索内容', 50),
});
export const guestNameQuerySchema = z.object({ search: optional('搜索内容', 50) });
export const guestDetailQuerySchema = z.object({
  customerId: person(AdditionalOrderMsg.customerMissing),
  type: intEnum([1, 2] as const, AdditionalOrderMsg.formTypeInvalid, 1),
});

/** A customer or shop the applicant may see, with what a guest block fills in from it. */
export const guestChoiceSchema = z.object({
  /** The record's owner. */
  userId: z.number().int().nullable(),
  customerId: z.number().int(),
  customerName: z.string(),
  mobile: z.string(),
  age: z.string(),
  gender: z.number().int(),
  bossMobile: z.string(),
  /** The owner's department. */
  deptName: z.string(),
  shopOwnerName: z.string(),
  hasOldCustomer: z.boolean(),
  relation: z.string(),
  /** From the guest's latest additional order, when there is one. */
  hasOwnerShareholder: z.boolean(),
  ownerShareholderType: z.number().int().nullable(),
});
export type GuestChoice = z.infer<typeof guestChoiceSchema>;
export const guestChoiceListResponse = z.object({ list: z.array(guestChoiceSchema) });
export const guestNameListResponse = z.object({
  list: z.array(
    z.object({
      customerId: z.number().int(),
      customerName: z.string(),
      ownerUserId: z.number().int().nullable(),
      mobile: z.string(),
      hasOldCustomer: z.boolean(),
      relation: z.string(),
      /** 店家 · 老板电话, as the spec's name list answers it (`shopAndBossNmae`). */
      shopAndBossNmae: z.string(),
    }),
  ),
});
