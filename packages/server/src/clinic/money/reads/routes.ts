import {
  accountInfoInputSchema,
  moneyReadContracts as c,
  emptyBody,
  floorInputSchema,
  orderIdSchema,
  orderListSchema,
  orderProjectsSchema,
  setMealReadContracts,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../../core/route.ts';
import { sellableSetMeals } from '../set-meals.ts';
import { accountInfo } from './account.ts';
import { orderCatalogue, orderProjects } from './catalogue.ts';
import { floorPreview } from './floor.ts';
import { customerOrders, orderInfo } from './orders.ts';

/**
 * The money path's reads (docs/clinic-money.md "Reads and the 开单 page"). Whoever reads the
 * customer reads their orders and balances; the order form's helpers need the right to open or
 * change orders. Every read checks the customer's data scope.
 */
export function registerMoneyReadRoutes(app: FastifyInstance, { db }: Ctx) {
  const opensOrders = { any: ['crm:dealRecord:save', 'crm:dealRecord:update'] };
  // Set-meal lines (h-moneyweb): the set meals an opener may sell today.
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/order/setMeals',
    access: opensOrders,
    schema: emptyBody,
    response: setMealReadContracts['/clinic/order/setMeals'],
    handler: () => sellableSetMeals(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/order/info',
    access: 'crm:customer:read',
    schema: orderIdSchema,
    response: c['/clinic/order/info'],
    handler: ({ input, user }) => orderInfo(db, user, input.orderId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/order/queryList',
    access: 'crm:customer:read',
    schema: orderListSchema,
    response: c['/clinic/order/queryList'],
    handler: ({ input, user }) => customerOrders(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/account/info',
    access: 'crm:customer:read',
    schema: accountInfoInputSchema,
    response: c['/clinic/account/info'],
    handler: ({ input, user }) => accountInfo(db, user, input.customerId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/order/floor',
    access: opensOrders,
    schema: floorInputSchema,
    response: c['/clinic/order/floor'],
    handler: ({ input, user }) => floorPreview(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/order/catalogue',
    access: opensOrders,
    response: c['/clinic/order/catalogue'],
    handler: () => orderCatalogue(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/order/projects',
    access: opensOrders,
    schema: orderProjectsSchema,
    response: c['/clinic/order/projects'],
    handler: ({ input, user }) => orderProjects(db, user, input),
  });
}
