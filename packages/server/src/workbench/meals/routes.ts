import {
  mealContracts as c,
  MEAL_MANAGE,
  MEAL_ORDER,
  mealCancelSchema,
  mealDaySchema,
  mealMenuSaveSchema,
  mealMonthSchema,
  mealOrderSchema,
  mealSettingSchema,
  mealWeekSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { mealDay, mealMonth } from './canteen.ts';
import { sendMealMonthSheet } from './export.ts';
import { mealWeek, saveMealMenu } from './menus.ts';
import { cancelMealOrder, placeMealOrder } from './orders.ts';
import { listMealStores, loadMealStore, saveMealSetting } from './stores.ts';

/**
 * Meal orders (/workbench/eat, docs/workbench-meals.md): staff read the week's menu and order or
 * cancel their meals (`oa:meal:order`); the canteen manager (`oa:meal:manage`) edits menus and
 * cut-offs, orders for others and reads the day's counts, the month's statistics and its export.
 */
const EITHER = { any: [MEAL_ORDER, MEAL_MANAGE] };

export function registerMealRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/stores',
    access: EITHER,
    response: c['/OaMeal/stores'],
    handler: () => listMealStores(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/week',
    access: EITHER,
    schema: mealWeekSchema,
    response: c['/OaMeal/week'],
    handler: ({ input, user }) => mealWeek(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/order',
    access: EITHER,
    schema: mealOrderSchema,
    response: c['/OaMeal/order'],
    handler: ({ input, user }) => placeMealOrder(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/cancel',
    access: EITHER,
    schema: mealCancelSchema,
    response: c['/OaMeal/cancel'],
    handler: async ({ input, user }) => {
      await cancelMealOrder(db, user, input);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/saveMenu',
    access: MEAL_MANAGE,
    schema: mealMenuSaveSchema,
    response: c['/OaMeal/saveMenu'],
    handler: ({ input, user }) => saveMealMenu(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/saveSetting',
    access: MEAL_MANAGE,
    schema: mealSettingSchema,
    response: c['/OaMeal/saveSetting'],
    handler: ({ input, user }) => saveMealSetting(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/day',
    access: MEAL_MANAGE,
    schema: mealDaySchema,
    response: c['/OaMeal/day'],
    handler: ({ input, user }) => mealDay(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/month',
    access: MEAL_MANAGE,
    schema: mealMonthSchema,
    response: c['/OaMeal/month'],
    handler: ({ input, user }) => mealMonth(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaMeal/excelExport',
    access: MEAL_MANAGE,
    schema: mealMonthSchema,
    handler: async ({ input, user, reply }) => {
      const store = input.storeId ? await loadMealStore(db, input.storeId) : null;
      return sendMealMonthSheet(reply, await mealMonth(db, user, input), store?.storeName ?? null);
    },
  });
}
