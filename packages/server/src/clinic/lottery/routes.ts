import {
  lotteryContracts as c,
  LotteryMsg,
  LotteryStyle,
  lotteryDrawListSchema,
  lotteryHandOutSchema,
  lotteryIdSchema,
  lotteryLinkExtra,
  lotteryLinkMaxDays,
  lotteryListSchema,
  lotteryPickSchema,
  lotteryPurposeOf,
  lotterySaveSchema,
} from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../core/errors.ts';
import { defineOpenLinkAdminRoutes, defineOpenRoute } from '../../core/open-links/routes.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import {
  activityById,
  deleteActivity,
  listActivities,
  pickableCouponRules,
  pickableProjects,
  saveActivity,
} from './activities.ts';
import { draw, handOutGift, openInfo } from './draw.ts';
import { sendDrawsSheet } from './export.ts';
import { listDraws } from './records.ts';
import { lotteryActivities } from './tables.ts';

/** 配置 › 抽奖活动 and the wheel / nine-grid open pages (docs/clinic-lottery.md). */
const can = (action: 'read' | 'update' | 'link' | 'records') => `project:lotteryActivityConfiguration:${action}`;

export function registerLotteryRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const reader = { any: [can('read'), can('update'), can('link'), can('records')] };

  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/list',
    access: reader,
    schema: lotteryListSchema,
    response: c['/project/lottery/list'],
    handler: ({ input }) => listActivities(db, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/info',
    access: reader,
    schema: lotteryIdSchema,
    response: c['/project/lottery/info'],
    handler: ({ input }) => activityById(db, input.activityId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/save',
    access: can('update'),
    schema: lotterySaveSchema,
    response: c['/project/lottery/save'],
    handler: async ({ input, user }) => ({ activityId: await saveActivity(db, input, user.userId) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/delete',
    access: can('update'),
    schema: lotteryIdSchema,
    response: c['/project/lottery/delete'],
    handler: async ({ input }) => {
      await deleteActivity(db, input.activityId);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/couponRules',
    access: can('update'),
    schema: lotteryPickSchema,
    response: c['/project/lottery/couponRules'],
    handler: ({ input }) => pickableCouponRules(db, input.search),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/projects',
    access: can('update'),
    schema: lotteryPickSchema,
    response: c['/project/lottery/projects'],
    handler: ({ input }) => pickableProjects(db, input.search),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/draws',
    access: can('records'),
    schema: lotteryDrawListSchema,
    response: c['/project/lottery/draws'],
    handler: ({ input, user }) => listDraws(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/excelExport',
    access: can('records'),
    schema: lotteryDrawListSchema,
    handler: ({ input, user, reply }) => sendDrawsSheet(db, user, input, reply),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/project/lottery/handOut',
    access: can('records'),
    schema: lotteryHandOutSchema,
    response: c['/project/lottery/handOut'],
    handler: async ({ input, user }) => {
      await handOutGift(db, input.drawId, user.userId);
      return null;
    },
  });

  // A customer's draw link, one per style: the customer must be readable by the staff member
  // (their data scope) and the activity of the link's style. Draws are limited by the activity.
  for (const [name, style] of [
    ['wheel', LotteryStyle.wheel],
    ['grid', LotteryStyle.grid],
  ] as const) {
    const base = `/project/lottery/${name}Link`;
    defineOpenLinkAdminRoutes(app, ctx, {
      base,
      purpose: lotteryPurposeOf(style),
      access: can('link'),
      contracts: c as never,
      maxDays: lotteryLinkMaxDays,
      extra: lotteryLinkExtra,
      subjectOf: async ({ activityId, customerId }, user) => {
        const [a] = await db
          .select({ style: lotteryActivities.style })
          .from(lotteryActivities)
          .where(and(eq(lotteryActivities.id, activityId), eq(lotteryActivities.deleted, 0)));
        if (!a) throw notFound(LotteryMsg.activityMissing);
        if (a.style !== style) throw badRequest(LotteryMsg.wrongStyle);
        await loadRecord(db, customerServerKind, user, customerId, 'read');
        return { activityId, customerId };
      },
    });
    defineOpenRoute(app, ctx, {
      url: `/open/lottery/${name}/info`,
      purpose: lotteryPurposeOf(style),
      response: c[`/open/lottery/${name}/info`],
      handler: ({ link }) => openInfo(db, link, style),
    });
    defineOpenRoute(app, ctx, {
      url: `/open/lottery/${name}/draw`,
      purpose: lotteryPurposeOf(style),
      response: c[`/open/lottery/${name}/draw`],
      handler: ({ link, consume }) => draw(db, link, style, consume),
    });
  }
}
