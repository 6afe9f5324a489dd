import { nurseContracts as c, nurseFindSchema, nurseQueueSchema, nurseStaffSchema, visitIdSchema } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { finishTreatment, startTreatment } from './moves.ts';
import { departmentStaff, findCustomers, nurseQueue } from './station.ts';

/**
 * The nurses' station (/workflow/nursesStation, `oa:workflow:nursesStation`). Its 划扣 and undo are
 * the money calls `verificationById` and `clinic/nurse/undo` (crm:dealRecord:verify); these are the
 * station's reads and the visit's moves. Every call checks the customers' data scope.
 */
const NURSE = 'oa:workflow:nursesStation';

export function registerNurseRoutes(app: FastifyInstance, { db }: Ctx) {
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/nurse/queue',
    access: NURSE,
    schema: nurseQueueSchema,
    response: c['/clinic/nurse/queue'],
    handler: ({ input, user }) => nurseQueue(db, user, input.storeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/nurse/customers',
    access: NURSE,
    schema: nurseFindSchema,
    response: c['/clinic/nurse/customers'],
    handler: ({ input, user }) => findCustomers(db, user, input.search),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/nurse/staff',
    access: NURSE,
    schema: nurseStaffSchema,
    response: c['/clinic/nurse/staff'],
    handler: ({ input }) => departmentStaff(db, input.deptId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/startTreatment',
    access: NURSE,
    schema: visitIdSchema,
    response: c['/clinic/visit/startTreatment'],
    handler: ({ input, user }) => startTreatment(db, user, input.visitId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/finishTreatment',
    access: NURSE,
    schema: visitIdSchema,
    response: c['/clinic/visit/finishTreatment'],
    handler: ({ input, user }) => finishTreatment(db, user, input.visitId),
  });
}
