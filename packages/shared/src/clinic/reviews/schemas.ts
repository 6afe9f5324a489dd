import { z } from 'zod';
import { apiTime, noData, pageOf } from '../../contracts/common.ts';
import {
  boolish,
  idField,
  idList,
  intEnum,
  intField,
  optionalDay,
  optionalId,
  optionalInt,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from '../../schemas/fields.ts';
import { yuanField } from '../catalogue-yuan.ts';
import { CouponRuleMsg } from '../coupons.ts';

/**
 * 顾客评价 (/workbench/evaluate, issue 25; docs/clinic-reviews.md): coupon rules, the customer's
 * review through a one-use link after a treatment, the review list with follow-up of poor
 * reviews, and the customer's coupons. Money answers are fen; money inputs are yuan text.
 */

export const ReviewMsg = {
  scoreInvalid: '请为{name}打1到5分',
  contentTooLong: '评价内容不能超过500个字符',
  photosTooMany: '最多上传{max}张照片',
  photoMissing: '照片不存在或不属于本次评价',
  photoNotImage: '只能上传图片（JPG、PNG、GIF、WEBP）',
  photoTooLarge: '图片不能超过{size}MB，请压缩后再上传',
  photoRequired: '请选择图片',
  reviewMissing: '评价不存在',
  reviewRequired: '请选择评价',
  treatmentMissing: '划扣记录不存在',
  treatmentUndone: '划扣已撤销，不能评价',
  reviewed: '顾客已评价',
  followContentRequired: '请填写跟进内容',
  followNotPoor: '只有差评需要跟进',
  followClosed: '跟进已结束，不能再添加',
  submitted: '感谢您的评价',
} as const;

/** A poor review: any score at or below this gets follow-up. */
export const POOR_SCORE = 2;
export const REVIEW_PHOTO_MAX = 6;
/** One image after the phone shrank it; the JSON body carries it as base64 (the server's limit is 2 MB). */
export const REVIEW_PHOTO_MAX_MB = 1;
/** How long a review link lives after the treatment. */
export const REVIEW_LINK_DAYS = 7;
export const isPoorReview = (s: { effect: number; service: number; environment: number }) =>
  Math.min(s.effect, s.service, s.environment) <= POOR_SCORE;

/** 0 no follow-up needed, 1 待跟进, 2 已结束. */
export const FollowStatus = { none: 0, open: 1, closed: 2 } as const;
export const followStatusNames: Record<number, string> = { 0: '无需跟进', 1: '待跟进', 2: '已结束' };

const score = (name: string) => intField(ReviewMsg.scoreInvalid.replace('{name}', name), { min: 1, max: 5 });
export const reviewScoreNames = { effect: '效果', service: '服务', environment: '环境' } as const;

// ---- Coupon rules: editCouponRule, couponRuleList, delCouponRule ----

/** The lowest average (0–5, one decimal) as text or number; 0 or blank: no bar. */
const averageField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: CouponRuleMsg.averageInvalid })
    .min(0, { error: CouponRuleMsg.averageInvalid })
    .max(5, { error: CouponRuleMsg.averageInvalid })
    .refine((n) => Number.isInteger(Math.round(n * 1000) / 100), { error: CouponRuleMsg.averageInvalid }),
);

export const couponRuleEditSchema = z
  .object({
    ruleId: optionalId(CouponRuleMsg.ruleRequired),
    name: requiredText({ label: '优惠券名称', max: 50 }, CouponRuleMsg.nameRequired),
    value: yuanField(CouponRuleMsg.valueInvalid).refine((n) => n > 0, { error: CouponRuleMsg.valueInvalid }),
    threshold: yuanField(CouponRuleMsg.thresholdInvalid, 0),
    validDays: intField(CouponRuleMsg.daysInvalid, { min: 1, max: 3650 }),
    projectIds: idList(CouponRuleMsg.projectInvalid).pipe(
      z.array(z.number()).max(200, { error: CouponRuleMsg.projectsTooMany }),
    ),
    enabled: boolish.default(true),
    remark: optionalText({ label: '备注', max: 200, multiline: true }),
    /** Issued to a review meeting the condition below. */
    reviewReward: boolish.default(false),
    minAverage: averageField,
    minEach: optionalInt(CouponRuleMsg.eachInvalid, { min: 0, max: 5 }).transform((n) => n ?? 0),
  })
  .refine((r) => !r.reviewReward || r.minAverage > 0 || r.minEach > 0, {
    error: CouponRuleMsg.noCondition,
    path: ['minAverage'],
  });
export type CouponRuleEditInput = z.infer<typeof couponRuleEditSchema>;

export const couponRuleListSchema = z.object({
  ...pageFields,
  search: searchField,
  enabled: boolish.optional(),
});
export const couponRuleIdSchema = z.object({ ruleId: idField(CouponRuleMsg.ruleRequired) });

export const couponRuleRowSchema = z.object({
  ruleId: z.number().int(),
  name: z.string(),
  value: z.number().int(),
  threshold: z.number().int(),
  validDays: z.number().int(),
  projectIds: z.array(z.number().int()),
  projectNames: z.array(z.string()),
  enabled: z.boolean(),
  remark: z.string(),
  reviewReward: z.boolean(),
  minAverage: z.number(),
  minEach: z.number().int(),
  issuedCount: z.number().int(),
  createTime: apiTime,
});
export type CouponRuleRow = z.infer<typeof couponRuleRowSchema>;

// ---- Coupons of a customer (the archive), at the desk, and issued by hand ----

export const customerCouponsSchema = z.object({
  customerId: idField('请选择顾客'),
  /** Only those the cashier may apply now. */
  usableOnly: boolish.optional(),
});
export const orderCouponsSchema = z.object({ orderId: idField('请选择订单') });
export const issueCouponSchema = z.object({
  customerId: idField('请选择顾客'),
  ruleId: idField(CouponRuleMsg.ruleRequired),
});
export const couponRowSchema = z.object({
  couponId: z.number().int(),
  code: z.string(),
  name: z.string(),
  value: z.number().int(),
  remaining: z.number().int(),
  threshold: z.number().int(),
  projectIds: z.array(z.number().int()),
  projectNames: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.number().int(),
  source: z.string(),
  createTime: apiTime,
});
export type CouponRowData = z.infer<typeof couponRowSchema>;
/** A usable coupon at the desk: what it can pay of this order at most (0: the order does not reach it). */
export const orderCouponRowSchema = couponRowSchema.extend({ usableAmount: z.number().int(), reason: z.string() });
export type OrderCouponRow = z.infer<typeof orderCouponRowSchema>;

// ---- The open review page (/evaluateH5?token=…) ----

export const reviewOpenInfoSchema = z.object({
  clinicName: z.string(),
  storeName: z.string(),
  projectName: z.string(),
  treatmentTime: apiTime,
  staff: z.array(z.string()),
});
export type ReviewOpenInfo = z.infer<typeof reviewOpenInfoSchema>;

/** One photo, base64 (the page shrinks it first). */
export const reviewPhotoSchema = z.object({
  name: optionalText({ label: '文件名', max: 100 }),
  data: z
    .string({ error: ReviewMsg.photoRequired })
    .min(1, { error: ReviewMsg.photoRequired })
    .max(3_000_000, {
      error: ReviewMsg.photoTooLarge.replace('{size}', String(REVIEW_PHOTO_MAX_MB)),
    }),
});
export const reviewPhotoAnswerSchema = z.object({ fileId: z.number().int() });

export const reviewSubmitSchema = z.object({
  effect: score(reviewScoreNames.effect),
  service: score(reviewScoreNames.service),
  environment: score(reviewScoreNames.environment),
  content: optionalText({ label: '评价内容', max: 500, multiline: true }),
  fileIds: idList(ReviewMsg.photoMissing).pipe(
    z.array(z.number()).max(REVIEW_PHOTO_MAX, {
      error: ReviewMsg.photosTooMany.replace('{max}', String(REVIEW_PHOTO_MAX)),
    }),
  ),
});
export type ReviewSubmitInput = z.infer<typeof reviewSubmitSchema>;
export const reviewSubmitAnswerSchema = z.object({
  reviewId: z.number().int(),
  coupons: z.array(
    z.object({
      name: z.string(),
      code: z.string(),
      value: z.number().int(),
      threshold: z.number().int(),
      validTo: z.string(),
    }),
  ),
});

/** Staff make (again) the link of a treatment to hand to the customer; the older one is revoked. */
export const reviewLinkSchema = z.object({ treatmentId: idField(ReviewMsg.treatmentMissing) });
export const reviewLinkAnswerSchema = z.object({ path: z.string(), token: z.string(), expireTime: apiTime });

// ---- The review list, detail, follow-up ----

const listFilters = {
  search: searchField,
  storeId: optionalId('门店不存在'),
  from: optionalDay('开始日期格式不正确'),
  to: optionalDay('结束日期格式不正确'),
  /** Reviews with any score at most this (1–5). */
  maxScore: optionalInt('评分须为1到5分', { min: 1, max: 5 }),
  staffId: optionalId('员工不存在'),
  followStatus: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    intEnum([0, 1, 2], '跟进状态不正确').optional(),
  ),
};
export const reviewListSchema = z.object({ ...pageFields, ...listFilters });
export type ReviewListInput = z.infer<typeof reviewListSchema>;
export const reviewExportSchema = z.object(listFilters);
export type ReviewExportInput = z.infer<typeof reviewExportSchema>;

export const reviewRowSchema = z.object({
  reviewId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  mobile: z.string(),
  storeName: z.string(),
  projectName: z.string(),
  staffNames: z.array(z.string()),
  effect: z.number().int(),
  service: z.number().int(),
  environment: z.number().int(),
  content: z.string(),
  photoCount: z.number().int(),
  followStatus: z.number().int(),
  couponCount: z.number().int(),
  createTime: apiTime,
});
export type ReviewRow = z.infer<typeof reviewRowSchema>;
export const reviewIdSchema = z.object({ reviewId: idField(ReviewMsg.reviewRequired) });
export const reviewDetailSchema = reviewRowSchema.extend({
  visitId: z.number().int().nullable(),
  treatmentTime: apiTime,
  photos: z.array(z.object({ fileId: z.number().int(), url: z.string() })),
  coupons: z.array(couponRowSchema),
});

export const followListSchema = z.object({ reviewId: idField(ReviewMsg.reviewRequired) });
export const followRowSchema = z.object({
  followId: z.number().int(),
  content: z.string(),
  closed: z.boolean(),
  userName: z.string(),
  createTime: apiTime,
});
export const editFollowSchema = z.object({
  reviewId: idField(ReviewMsg.reviewRequired),
  content: requiredText({ label: '跟进内容', max: 500, multiline: true }, ReviewMsg.followContentRequired),
  /** This follow-up closes the case. */
  closed: boolish.default(false),
});

export const reviewContracts = {
  '/evaluate/editCouponRule': z.object({ ruleId: z.number().int() }),
  '/evaluate/couponRuleList': pageOf(couponRuleRowSchema),
  '/evaluate/delCouponRule': noData,
  '/evaluate/customerCoupons': z.array(couponRowSchema),
  '/evaluate/orderCoupons': z.array(orderCouponRowSchema),
  '/evaluate/issueCoupon': couponRowSchema,
  '/evaluate/reviewLink': reviewLinkAnswerSchema,
  '/evaluate/list': pageOf(reviewRowSchema),
  '/evaluate/detail': reviewDetailSchema,
  '/evaluate/followList': z.array(followRowSchema),
  '/evaluate/editFollow': z.object({ followId: z.number().int(), followStatus: z.number().int() }),
  '/evaluate/open/info': reviewOpenInfoSchema,
  '/evaluate/open/photo': reviewPhotoAnswerSchema,
  '/evaluate/open/submit': reviewSubmitAnswerSchema,
} satisfies Record<string, z.ZodType>;
