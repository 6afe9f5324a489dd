import {
  moneyContracts as c,
  chargeSchema,
  dealIdSchema,
  dealListSchema,
  deskPaymentSchema,
  orderIdSchema,
  orderSaveSchema,
  orderUpdateSchema,
  topUpSchema,
  treatmentIdSchema,
  verifySchema,
  waiveSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
// Cashier (issue 22): the desk's money calls also need the station.
import { atCashierDesk } from '../cashier/station.ts';
import { registerMoneyApprovalRoutes } from './approval-routes.ts';
import { chargeOrder } from './charge.ts';
// Conversions, repairs, /crm/make, doctors, developers, deal expiry (h-convert).
import { registerConvertRoutes } from './convert-routes.ts';
import { customerDeals, dealTimeline } from './deals.ts';
import { repay, topUp, waive } from './desk.ts';
import { cancelOrder, saveOrder, updateOrder } from './orders.ts';
import { undoTreatment, verify } from './treatment.ts';

/**
 * The money path's calls (docs/clinic-money.md). Opening orders: `crm:dealRecord:*`; the
 * customer's data scope decides whose orders one may open, change or void.
 */
export function registerMoneyRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  // Discount approval and refunds (h-refund): their own files.
  registerMoneyApprovalRoutes(app, ctx);
  // Conversions, repairs, /crm/make, doctors, developers, deal expiry (h-convert).
  registerConvertRoutes(app, ctx);
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/save',
    access: 'crm:dealRecord:save',
    schema: orderSaveSchema,
    response: c['/CrmCustomerProjectDealRecord/save'],
    handler: ({ input, user }) => saveOrder(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/update',
    access: 'crm:dealRecord:update',
    schema: orderUpdateSchema,
    response: c['/CrmCustomerProjectDealRecord/update'],
    handler: ({ input, user }) => updateOrder(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/cancel',
    // The consultant who opened it or the cashier at the desk.
    access: 'crm:dealRecord:discard',
    schema: orderIdSchema,
    response: c['/CrmCustomerProjectDealRecord/cancel'],
    handler: async ({ input, user }) => {
      await cancelOrder(db, user, input.orderId);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/charge',
    access: 'crm:dealRecord:charge',
    schema: chargeSchema,
    response: c['/clinic/cashier/charge'],
    handler: ({ input, user }) => {
      atCashierDesk(user);
      return chargeOrder(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/topUp',
    access: 'crm:dealRecord:charge',
    schema: topUpSchema,
    response: c['/clinic/cashier/topUp'],
    handler: ({ input, user }) => {
      atCashierDesk(user);
      return topUp(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/repay',
    access: 'crm:dealRecord:charge',
    schema: deskPaymentSchema,
    response: c['/clinic/cashier/repay'],
    handler: ({ input, user }) => {
      atCashierDesk(user);
      return repay(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/waive',
    access: 'crm:dealRecord:waive',
    schema: waiveSchema,
    response: c['/clinic/cashier/waive'],
    handler: ({ input, user }) => {
      atCashierDesk(user);
      return waive(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/verificationById',
    access: 'crm:dealRecord:verify',
    schema: verifySchema,
    response: c['/CrmCustomerProjectDealRecord/verificationById'],
    handler: ({ input, user }) => verify(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/nurse/undo',
    access: 'crm:dealRecord:verify',
    schema: treatmentIdSchema,
    response: c['/clinic/nurse/undo'],
    handler: ({ input, user }) => undoTreatment(db, user, input.treatmentId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/getDealRecord',
    // Whoever reads the customer reads their deals (the customer's data scope decides).
    access: 'crm:customer:read',
    schema: dealListSchema,
    response: c['/CrmCustomerProjectDealRecord/getDealRecord'],
    handler: ({ input, user }) => customerDeals(db, user, input.customerId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/queryTrackingRecord',
    access: 'crm:customer:read',
    schema: dealIdSchema,
    response: c['/CrmCustomerProjectDealRecord/queryTrackingRecord'],
    handler: ({ input, user }) => dealTimeline(db, user, input.dealId),
  });
}
