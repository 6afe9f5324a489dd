import {
  appointmentArriveSchema,
  appointmentCancelSchema,
  appointmentCreateSchema,
  appointmentIdSchema,
  appointmentUpdateSchema,
  assignSchema,
  boardSchema,
  bookingSettingsSchema,
  bookingStoreSchema,
  byCardSchema,
  visitContracts as c,
  cardContracts,
  customerIdSchema,
  queueSchema,
  setCardSchema,
  visitIdSchema,
  walkInSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { createAppointment, customerHistory, setAppointmentStatus, updateAppointment } from './appointments.ts';
import { readBoard } from './board.ts';
import { findByCard, setCardNumber } from './card.ts';
// The consultation room (h-witness).
import { registerWitnessRoutes } from './consult-routes.ts';
import { VISIT_WATCH_KEYS } from './live.ts';
import { startNoShowJob } from './no-show.ts';
import { listStores, saveStore } from './store.ts';
import { arrive, assign, leave, queue, suggestConsultant, todaysBookings, visitTypeOf, walkIn } from './visits.ts';

/**
 * Appointments (/clinic/booking/*, `oa:booking:<leaf>`) and the triage desk (/clinic/visit/*,
 * `oa:workflow:triage`); docs/clinic-visits.md. Every call also checks the customer's data scope.
 */
const TRIAGE = 'oa:workflow:triage';

export function registerVisitRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  startNoShowJob(app, db);
  // The consultation room (h-witness).
  registerWitnessRoutes(app, ctx);

  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/stores',
    // Every station picks its store (h-witness: any station's leaf, live.ts).
    access: { any: [...VISIT_WATCH_KEYS, 'oa:booking:settings'] },
    response: c['/clinic/booking/stores'],
    handler: () => listStores(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/saveSettings',
    access: 'oa:booking:settings',
    schema: bookingSettingsSchema,
    response: c['/clinic/booking/saveSettings'],
    handler: ({ input }) => saveStore(db, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/create',
    access: 'oa:booking:save',
    schema: appointmentCreateSchema,
    response: c['/clinic/booking/create'],
    handler: ({ input, user }) => createAppointment(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/update',
    access: 'oa:booking:save',
    schema: appointmentUpdateSchema,
    response: c['/clinic/booking/update'],
    handler: ({ input, user }) => updateAppointment(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/confirm',
    access: 'oa:booking:save',
    schema: appointmentIdSchema,
    response: c['/clinic/booking/confirm'],
    handler: ({ input, user }) => setAppointmentStatus(db, user, input.appointmentId, 'confirm'),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/cancel',
    access: 'oa:booking:cancel',
    schema: appointmentCancelSchema,
    response: c['/clinic/booking/cancel'],
    handler: ({ input, user }) => setAppointmentStatus(db, user, input.appointmentId, 'cancel', input.reason),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/arrive',
    // The board's front desk or the triage desk registers the arrival.
    access: { any: ['oa:booking:arrive', TRIAGE] },
    schema: appointmentArriveSchema,
    response: c['/clinic/booking/arrive'],
    handler: ({ input, user }) => arrive(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/board',
    access: 'oa:booking:read',
    schema: boardSchema,
    response: c['/clinic/booking/board'],
    handler: ({ input, user }) => readBoard(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/booking/history',
    access: { any: ['oa:booking:read', TRIAGE] },
    schema: customerIdSchema,
    response: c['/clinic/booking/history'],
    handler: ({ input, user }) => customerHistory(db, user, input.customerId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/walkIn',
    access: TRIAGE,
    schema: walkInSchema,
    response: c['/clinic/visit/walkIn'],
    handler: ({ input, user }) => walkIn(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/visitType',
    access: { any: [TRIAGE, 'oa:booking:arrive'] },
    schema: customerIdSchema,
    response: c['/clinic/visit/visitType'],
    handler: ({ input, user }) => visitTypeOf(db, user, input.customerId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/queue',
    access: TRIAGE,
    schema: queueSchema,
    response: c['/clinic/visit/queue'],
    handler: ({ input, user }) => queue(db, user, input.storeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/today',
    access: TRIAGE,
    schema: bookingStoreSchema,
    response: c['/clinic/visit/today'],
    handler: ({ input, user }) => todaysBookings(db, user, input.storeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/suggestConsultant',
    access: TRIAGE,
    schema: bookingStoreSchema,
    response: c['/clinic/visit/suggestConsultant'],
    handler: ({ input }) => suggestConsultant(db, input.storeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/assign',
    access: TRIAGE,
    schema: assignSchema,
    response: c['/clinic/visit/assign'],
    handler: ({ input, user }) => assign(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/leave',
    access: TRIAGE,
    schema: visitIdSchema,
    response: c['/clinic/visit/leave'],
    handler: ({ input, user }) => leave(db, user, input.visitId),
  });

  // 会员卡号 (issue 23, h-visit23): the archive or the front desk gives a card; triage finds by it.
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/customer/setCardNumber',
    access: { any: ['crm:customer:update', TRIAGE] },
    schema: setCardSchema,
    response: cardContracts['/clinic/customer/setCardNumber'],
    handler: ({ input, user }) => setCardNumber(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/byCard',
    access: TRIAGE,
    schema: byCardSchema,
    response: cardContracts['/clinic/visit/byCard'],
    handler: ({ input, user }) => findByCard(db, user, input.cardNumber),
  });
}
