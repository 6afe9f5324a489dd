import { z } from 'zod';
import { apiTime, namedUserSchema, pageOf } from './common.ts';

/** Answers of the customer's own calls (docs/api/customers.md). */

/** Shell spec 3.3: a sign candidate; `disabled` > 0 is not selectable. */
export const signCandidateSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  userPhone: z.string(),
  disabled: z.number().int(),
});
export const signCandidatesResponse = z.array(signCandidateSchema);

/** `querySingInfoByUserId`: the signed customers naming the user as a lower-level distributor. */
export const signInfoResponse = z.object({
  userId: z.number().int(),
  userName: z.string(),
  userPhone: z.string(),
  customers: z.array(
    z.object({
      customerId: z.number().int(),
      customerName: z.string(),
      signTime: z.string().nullable(),
      ownerUserName: z.string(),
    }),
  ),
});

/** Shell spec 3.2, "customer record as read for editing". */
export const customerEditSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  mobile: z.string(),
  idCard: z.string(),
  gatIdCard: z.string(),
  storeId: z.number().int().nullable(),
  storeName: z.string(),
  hasOldCustomer: z.boolean(),
  relation: z.string(),
  gender: z.number().int(),
  /** '' when the viewer may not see the ID image (lookIdCardUrl). */
  idCardUrl: z.string(),
  hasSign: z.boolean(),
  signTime: z.string().nullable(),
  signUserIds: z.string(),
  /** 1: the customer is one of the business's advisors with an account; identity fields locked. */
  isMeiXueGuWen: z.union([z.literal(0), z.literal(1)]),
  /** 0: the shop may not be changed here (a closed customer). */
  hasUpdateShopOwner: z.union([z.literal(0), z.literal(1)]),
  userId: z.number().int().nullable(),
  batchId: z.string(),
  fields: z.record(z.string(), z.unknown()),
});
export type CustomerEdit = z.infer<typeof customerEditSchema>;

export const customerSettingRowSchema = z.object({
  settingId: z.number().int(),
  settingName: z.string(),
  type: z.number().int(),
  customerNum: z.number().int(),
  customDeal: z.number().int(),
  users: z.array(namedUserSchema),
  depts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createTime: apiTime,
});
export type CustomerSettingRow = z.infer<typeof customerSettingRowSchema>;
export const customerSettingPageResponse = pageOf(customerSettingRowSchema);
export const customerSettingIdResponse = z.object({ settingId: z.number().int() });

/** A row of the app lists: the customer's key facts. */
export const customerBriefSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  mobile: z.string(),
  gender: z.number().int(),
  hasOldCustomer: z.boolean(),
  shopOwnerId: z.number().int().nullable(),
  relation: z.string(),
  hasSign: z.boolean(),
  signTime: z.string().nullable(),
  dealStatus: z.number().int(),
  isLock: z.boolean(),
  ownerUserId: z.number().int().nullable(),
  ownerUserName: z.string(),
  nextTime: apiTime.nullable(),
  updateTime: apiTime,
});
export const customerBriefPageResponse = pageOf(customerBriefSchema);
