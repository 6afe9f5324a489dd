import {
  accountQuerySchema,
  cashierContracts as c,
  chargedQuerySchema,
  emptyBody,
  formatTime,
  receiptQuerySchema,
  unpaidQuerySchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { rechargeTiers } from '../settings/read.ts';
import { queryCharged } from './day.ts';
import { receiptOf } from './receipt.ts';
import { CASHIER_STATION } from './station.ts';
import { queryAccounts, queryUnpaid } from './unpaid.ts';

/**
 * The cashier desk's reads (docs/clinic-money.md "The cashier desk"). Each needs the station
 * (`oa:workflow:cashierDesk`, the route's access) and the desk's money key `crm:dealRecord:charge`;
 * the customers' data scope limits every list and the receipt.
 */
const atDesk = (user: SessionUser) => requirePermission(user, 'crm:dealRecord:charge');

export function registerCashierRoutes(app: FastifyInstance, { db }: Ctx) {
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/queryUnpaid',
    access: CASHIER_STATION,
    schema: unpaidQuerySchema,
    response: c['/clinic/cashier/queryUnpaid'],
    handler: ({ input, user }) => {
      atDesk(user);
      return queryUnpaid(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/queryAccounts',
    access: CASHIER_STATION,
    schema: accountQuerySchema,
    response: c['/clinic/cashier/queryAccounts'],
    handler: ({ input, user }) => {
      atDesk(user);
      return queryAccounts(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/queryCharged',
    access: CASHIER_STATION,
    schema: chargedQuerySchema,
    response: c['/clinic/cashier/queryCharged'],
    handler: ({ input, user }) => {
      atDesk(user);
      return queryCharged(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/topUpTiers',
    access: CASHIER_STATION,
    schema: emptyBody,
    response: c['/clinic/cashier/topUpTiers'],
    handler: async ({ user }) => {
      atDesk(user);
      // The tiers a top-up today can reach, lowest first (the same filter the top-up applies).
      const day = formatTime(new Date()).slice(0, 10);
      return (await rechargeTiers(db))
        .filter((t) => t.enabled && !(t.activeFrom && day < t.activeFrom) && !(t.activeTo && day > t.activeTo))
        .sort((a, b) => a.thresholdFen - b.thresholdFen)
        .map((t) => ({ id: t.id, name: t.name, threshold: t.thresholdFen, gift: t.giftFen }));
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/receipt',
    access: CASHIER_STATION,
    schema: receiptQuerySchema,
    response: c['/clinic/cashier/receipt'],
    handler: ({ input, user }) => {
      atDesk(user);
      return receiptOf(db, user, input.orderId);
    },
  });
}
