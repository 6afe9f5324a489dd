import {
  archivePageSchema,
  recordContracts as c,
  customerIdSchema,
  visitDetailSchema,
  visitExportSchema,
  visitListSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customerHistory } from './appointments.ts';
import { archiveLedger, archiveTreatments, archiveVisits } from './record-archive.ts';
import { visitDetail } from './record-detail.ts';
import { exportVisits, queryVisitPage } from './record-list.ts';

/**
 * The visit list (/record: `oa:record:read`, its export `oa:record:export`), one visit's story
 * (/entryDetails: the list's right, or reading customers, since the stations open it too) and the
 * customer archive's clinic tabs (/customer: `crm:customer:read`). Every call also checks the
 * customer's data scope.
 */
export function registerRecordRoutes(app: FastifyInstance, { db }: Ctx) {
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/queryPageList',
    access: 'oa:record:read',
    schema: visitListSchema,
    response: c['/clinic/visit/queryPageList'],
    handler: ({ input, user }) => queryVisitPage(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/excelExport',
    access: 'oa:record:export',
    schema: visitExportSchema,
    handler: ({ input, user, reply }) => exportVisits(db, user, input, reply),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/visit/detail',
    access: { any: ['oa:record:read', 'crm:customer:read'] },
    schema: visitDetailSchema,
    response: c['/clinic/visit/detail'],
    handler: ({ input, user }) => visitDetail(db, user, input.visitId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/customer/visits',
    access: 'crm:customer:read',
    schema: archivePageSchema,
    response: c['/clinic/customer/visits'],
    handler: ({ input, user }) => archiveVisits(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/customer/appointments',
    access: 'crm:customer:read',
    schema: customerIdSchema,
    // The booking history, for whoever reads the customer (the board's own call needs the board).
    response: c['/clinic/customer/appointments'],
    handler: ({ input, user }) => customerHistory(db, user, input.customerId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/customer/treatments',
    access: 'crm:customer:read',
    schema: archivePageSchema,
    response: c['/clinic/customer/treatments'],
    handler: ({ input, user }) => archiveTreatments(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/customer/ledger',
    access: 'crm:customer:read',
    schema: archivePageSchema,
    response: c['/clinic/customer/ledger'],
    handler: ({ input, user }) => archiveLedger(db, user, input),
  });
}
