import {
  reviewContracts as c,
  couponRuleEditSchema,
  couponRuleIdSchema,
  couponRuleListSchema,
  customerCouponsSchema,
  editFollowSchema,
  followListSchema,
  issueCouponSchema,
  orderCouponsSchema,
  reviewExportSchema,
  reviewIdSchema,
  reviewLinkSchema,
  reviewListSchema,
  reviewPhotoSchema,
  reviewSubmitSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { defineOpenRoute } from '../../core/open-links/routes.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customerCoupons, issueByHand, orderCoupons } from '../coupons/read.ts';
import { deleteCouponRule, listCouponRules, saveCouponRule } from '../coupons/rules.ts';
import { registerFileOwners } from './file-owner.ts';
import { editFollow, followList } from './follow.ts';
import { remakeReviewLink } from './links.ts';
import { exportReviews, queryReviewPage, reviewDetail } from './list.ts';
import { openInfo, openPhoto, openSubmit } from './open.ts';

/**
 * 顾客评价 and coupons (/evaluate/*, issue 25, h-coupons; docs/clinic-reviews.md). Reading reviews,
 * following up poor ones, the coupon rules and issuing by hand are separate leaves
 * (`oa:evaluate:<leaf>`); every call on a review or a coupon checks its customer's data scope.
 * The desk's coupon list goes with the desk (charging), the review link with the nurses' station.
 */
const READ = 'oa:evaluate:read';
const FOLLOW = 'oa:evaluate:follow';
const RULES = 'oa:evaluate:rules';
const ISSUE = 'oa:evaluate:issue';

export function registerReviewRoutes(app: FastifyInstance, ctx: Ctx) {
  registerFileOwners(ctx.registry);
  const { db } = ctx;
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/editCouponRule',
    access: RULES,
    schema: couponRuleEditSchema,
    response: c['/evaluate/editCouponRule'],
    handler: ({ input, user }) => saveCouponRule(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/couponRuleList',
    // The manual issue picks a rule from this list.
    access: { any: [RULES, ISSUE] },
    schema: couponRuleListSchema,
    response: c['/evaluate/couponRuleList'],
    handler: ({ input }) => listCouponRules(db, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/delCouponRule',
    access: RULES,
    schema: couponRuleIdSchema,
    response: c['/evaluate/delCouponRule'],
    handler: ({ input }) => deleteCouponRule(db, input.ruleId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/customerCoupons',
    access: 'crm:customer:read',
    schema: customerCouponsSchema,
    response: c['/evaluate/customerCoupons'],
    handler: ({ input, user }) => customerCoupons(db, user, input.customerId, input.usableOnly),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/orderCoupons',
    access: 'crm:dealRecord:charge',
    schema: orderCouponsSchema,
    response: c['/evaluate/orderCoupons'],
    handler: ({ input, user }) => orderCoupons(db, user, input.orderId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/issueCoupon',
    access: ISSUE,
    schema: issueCouponSchema,
    response: c['/evaluate/issueCoupon'],
    handler: ({ input, user }) => issueByHand(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/reviewLink',
    access: { any: ['oa:workflow:nursesStation', READ] },
    schema: reviewLinkSchema,
    response: c['/evaluate/reviewLink'],
    handler: ({ input, user }) => remakeReviewLink(db, user, input.treatmentId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/list',
    access: READ,
    schema: reviewListSchema,
    response: c['/evaluate/list'],
    handler: ({ input, user }) => queryReviewPage(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/excelExport',
    access: READ,
    schema: reviewExportSchema,
    handler: ({ input, user, reply }) => exportReviews(db, user, input, reply),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/detail',
    access: READ,
    schema: reviewIdSchema,
    response: c['/evaluate/detail'],
    handler: ({ input, user }) => reviewDetail(db, user, input.reviewId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/followList',
    access: READ,
    schema: followListSchema,
    response: c['/evaluate/followList'],
    handler: ({ input, user }) => followList(db, user, input.reviewId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/evaluate/editFollow',
    access: FOLLOW,
    schema: editFollowSchema,
    response: c['/evaluate/editFollow'],
    handler: ({ input, user }) => editFollow(db, user, input),
  });

  // The open page /evaluateH5?token=… (docs/open-links.md).
  defineOpenRoute(app, ctx, {
    url: '/evaluate/open/info',
    purpose: 'review',
    response: c['/evaluate/open/info'],
    handler: ({ link }) => openInfo(ctx, link),
  });
  defineOpenRoute(app, ctx, {
    url: '/evaluate/open/photo',
    purpose: 'review',
    schema: reviewPhotoSchema,
    response: c['/evaluate/open/photo'],
    // Six photos and a few retries, not a flood of uploads.
    perMinute: 20,
    handler: ({ link, input }) => openPhoto(ctx, link, input),
  });
  defineOpenRoute(app, ctx, {
    url: '/evaluate/open/submit',
    purpose: 'review',
    schema: reviewSubmitSchema,
    response: c['/evaluate/open/submit'],
    handler: ({ link, input, consume }) => openSubmit(db, link, input, consume),
  });
}
