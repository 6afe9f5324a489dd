import {
  admissionIdSchema,
  admitSchema,
  bedEnabledSchema,
  bedIdSchema,
  bedLogContracts,
  bedSaveSchema,
  wardContracts as c,
  dischargeSchema,
  moveBedSchema,
  reserveBedSchema,
  wardStoreSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { admit, candidates, discharge, moveToBed } from './admissions.ts';
import { admissionHistory, bedHistory } from './bed-log.ts';
import { readBoard, reserveBed, saveBed, setBedEnabled } from './beds.ts';
import { registerCustomerDeleteCleanups } from './customer-delete.ts';

/**
 * The inpatient station (/clinic/ward/*, `oa:workflow:isHospitalized`; docs/clinic-ward.md). Bed
 * management belongs to whoever holds the stores' settings (`oa:booking:settings`), who also sees
 * the board. Every call on a visit or an admission checks the customer's data scope.
 */
const WARD = 'oa:workflow:isHospitalized';
const SETTINGS = 'oa:booking:settings';

export function registerWardRoutes(app: FastifyInstance, { db, registry }: Ctx) {
  registerCustomerDeleteCleanups(registry);
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/board',
    access: { any: [WARD, SETTINGS] },
    schema: wardStoreSchema,
    response: c['/clinic/ward/board'],
    handler: ({ input, user }) => readBoard(db, user, input.storeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/candidates',
    access: WARD,
    schema: wardStoreSchema,
    response: c['/clinic/ward/candidates'],
    handler: ({ input, user }) => candidates(db, user, input.storeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/admit',
    access: WARD,
    schema: admitSchema,
    response: c['/clinic/ward/admit'],
    handler: ({ input, user }) => admit(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/move',
    access: WARD,
    schema: moveBedSchema,
    response: c['/clinic/ward/move'],
    handler: ({ input, user }) => moveToBed(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/discharge',
    access: WARD,
    schema: dischargeSchema,
    response: c['/clinic/ward/discharge'],
    handler: ({ input, user }) => discharge(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/reserve',
    access: WARD,
    schema: reserveBedSchema,
    response: c['/clinic/ward/reserve'],
    handler: ({ input, user }) => reserveBed(db, user, input.bedId, 'reserve', input.remark),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/release',
    access: WARD,
    schema: bedIdSchema,
    response: c['/clinic/ward/release'],
    handler: ({ input, user }) => reserveBed(db, user, input.bedId, 'release'),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/saveBed',
    access: SETTINGS,
    schema: bedSaveSchema,
    response: c['/clinic/ward/saveBed'],
    handler: ({ input, user }) => saveBed(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/setBedEnabled',
    access: SETTINGS,
    schema: bedEnabledSchema,
    response: c['/clinic/ward/setBedEnabled'],
    handler: ({ input, user }) => setBedEnabled(db, user, input.bedId, input.enabled),
  });
  // The bed log (issue 23, h-visit23): a bed's and a stay's history.
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/bedHistory',
    access: { any: [WARD, SETTINGS] },
    schema: bedIdSchema,
    response: bedLogContracts['/clinic/ward/bedHistory'],
    handler: ({ input, user }) => bedHistory(db, user, input.bedId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/ward/admissionHistory',
    access: WARD,
    schema: admissionIdSchema,
    response: bedLogContracts['/clinic/ward/admissionHistory'],
    handler: ({ input, user }) => admissionHistory(db, user, input.admissionId),
  });
}
