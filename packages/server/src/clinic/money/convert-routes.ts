import {
  convertContracts as c,
  convertSchema,
  convertTargetsSchema,
  doctorListSchema,
  makeExportSchema,
  makeQuerySchema,
  refundSurplusSchema,
  repairSchema,
  setDeveloperSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { convertDeal, convertTargets } from './conversions.ts';
import { setDeveloper } from './developer.ts';
import { startDealExpiryJob } from './expiry.ts';
import { doctorList, queryMadeDeals } from './make.ts';
// /crm/make's Excel export (h-money22).
import { exportMadeDeals } from './make-export.ts';
import { repairDeal, requestRepairRefund } from './repairs.ts';

/**
 * Conversions, repairs, the closed-deal query, the doctor list and the customer's developer
 * (docs/clinic-money.md "Conversions and repairs"), with the nightly deal expiry job. Converting
 * and repairing open orders (`crm:dealRecord:save`); the customer's data scope decides.
 */
export function registerConvertRoutes(app: FastifyInstance, { db }: Ctx) {
  startDealExpiryJob(app, db);
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/findConvertByProjectId',
    access: 'crm:dealRecord:save',
    schema: convertTargetsSchema,
    response: c['/CrmCustomerProjectDealRecord/findConvertByProjectId'],
    handler: ({ input, user }) => convertTargets(db, user, input.dealId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/dealProjectConvert',
    access: 'crm:dealRecord:save',
    schema: convertSchema,
    response: c['/CrmCustomerProjectDealRecord/dealProjectConvert'],
    handler: ({ input, user }) => convertDeal(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/repair',
    access: 'crm:dealRecord:save',
    schema: repairSchema,
    response: c['/CrmCustomerProjectDealRecord/repair'],
    handler: ({ input, user }) => repairDeal(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/refundSurplusRepairProject',
    access: 'crm:dealRecord:refund',
    schema: refundSurplusSchema,
    response: c['/CrmCustomerProjectDealRecord/refundSurplusRepairProject'],
    handler: ({ input, user }) => requestRepairRefund(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/querySubordinateProjectPlus',
    access: 'crm:customer:index',
    schema: makeQuerySchema,
    response: c['/CrmCustomerProjectDealRecord/querySubordinateProjectPlus'],
    handler: ({ input, user }) => queryMadeDeals(db, user, input),
  });
  // /crm/make's Excel export (h-money22): the list's filters and scope; exporting customers' data is its own key.
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/make/excelExport',
    access: 'crm:customer:excelexport',
    schema: makeExportSchema,
    handler: ({ input, user, reply }) => exportMadeDeals(db, user, input, reply),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/queryDoctorList',
    // The order form, the stations and the booking board pick doctors: any signed-in person.
    access: 'login',
    schema: doctorListSchema,
    response: c['/CrmCustomerProjectDealRecord/queryDoctorList'],
    handler: ({ input }) => doctorList(db, input.deptId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/account/setDeveloper',
    access: 'crm:customer:update',
    schema: setDeveloperSchema,
    response: c['/clinic/account/setDeveloper'],
    handler: ({ input, user }) => setDeveloper(db, user, input),
  });
}
