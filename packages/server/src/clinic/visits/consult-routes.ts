import {
  witnessContracts as c,
  consultSchema,
  doctorNoteSchema,
  queueSchema,
  refuseSchema,
  visitIdSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { accept, consult, doctorNote, myQueue, refuse, witnessCard } from './consult.ts';

/** The consultation room (/clinic/witness/*, `oa:workflow:witness`); docs/clinic-visits.md. */
const WITNESS = 'oa:workflow:witness';

export function registerWitnessRoutes(app: FastifyInstance, { db }: Ctx) {
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/witness/queue',
    access: WITNESS,
    schema: queueSchema,
    response: c['/clinic/witness/queue'],
    handler: ({ input, user }) => myQueue(db, user, input.storeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/witness/accept',
    access: WITNESS,
    schema: visitIdSchema,
    response: c['/clinic/witness/accept'],
    handler: ({ input, user }) => accept(db, user, input.visitId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/witness/refuse',
    access: WITNESS,
    schema: refuseSchema,
    response: c['/clinic/witness/refuse'],
    handler: ({ input, user }) => refuse(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/witness/consult',
    access: WITNESS,
    schema: consultSchema,
    response: c['/clinic/witness/consult'],
    handler: ({ input, user }) => consult(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/witness/doctorNote',
    access: WITNESS,
    schema: doctorNoteSchema,
    response: c['/clinic/witness/doctorNote'],
    handler: ({ input, user }) => doctorNote(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/witness/card',
    access: WITNESS,
    schema: visitIdSchema,
    response: c['/clinic/witness/card'],
    handler: ({ input, user }) => witnessCard(db, user, input.visitId),
  });
}
