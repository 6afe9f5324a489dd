import {
  type CustomerSaveInput,
  changeUserIdentitySchema,
  crmRecordIdSchema,
  customerAppListSchema,
  customerBriefPageResponse,
  customerEditSchema,
  customerImportSchema,
  customerSaveSchema,
  customerSettingIdResponse,
  customerSettingIdSchema,
  customerSettingListSchema,
  customerSettingPageResponse,
  customerSettingSchema,
  noData,
  savedIdResponse,
  searchSignListSchema,
  setDealStatusSchema,
  setUserHiddenSchema,
  signCandidatesResponse,
  signInfoResponse,
  signUserIdSchema,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { inList } from '../../org/sql-lists.ts';
import { carryBusiness } from '../business/links.ts';
import { carryContacts } from '../contacts/routes.ts';
import { carryContracts } from '../contract/save.ts';
import { daysLeftColumn } from '../pool/return-job.ts';
import { readPoolRules } from '../pool/rules.ts';
import { registerRecordKind } from '../records/routes.ts';
import { type AppListKind, customerAppList } from './app-lists.ts';
import { changeUserIdentity, detachUser, setUserHidden } from './app-user.ts';
import { registerBacklogCounters } from './backlog.ts';
import { setDealStatus } from './deal-status.ts';
import { customerForEdit } from './edit.ts';
import { customerNames, customerServerKind } from './kind.ts';
import { saveCustomer } from './save.ts';
import { deleteCustomerSetting, listCustomerSettings, saveCustomerSetting } from './settings.ts';
import { searchSignCandidates, signInfoOfUser } from './signing.ts';

const editing = { any: ['crm:customer:save', 'crm:customer:update'] };

/** The customer's calls: every kind's under `/CrmCustomer` plus its own (spec 7.3, docs/api/customers.md). */
export function registerCustomerRoutes(app: FastifyInstance, ctx: Ctx) {
  registerBacklogCounters(ctx.registry);
  const { db } = ctx;
  registerRecordKind(app, ctx, customerServerKind, {
    // Its contacts follow a customer to its new owner; its opportunities and contracts when asked.
    async onTransfer(tx, ids, newOwnerId, input) {
      await carryContacts(tx, ids, newOwnerId);
      if (input.carry.includes('business')) await carryBusiness(tx, ids, newOwnerId);
      if (input.carry.includes('contract')) await carryContracts(tx, ids, newOwnerId);
    },
    // Days left before the pool's return job takes a customer back (crm/pool/return-job.ts), and the
    // shop's name shown for 所属门店.
    computedColumns: async (db) => ({ ...daysLeftColumn(await readPoolRules(db)), ...customerNames }),
    // A customer's contracts (and their receivables) keep it: deleting would orphan them.
    async beforeDelete(tx, rows) {
      const ids = rows.map((r) => Number(r.customer_id));
      const [used] = await queryRows(tx, sql`select 1 from crm_contract where customer_id in ${inList(ids)} limit 1`);
      if (used) throw badRequest('该客户下有合同，不能删除');
    },
    // Imported rows: the panel's rules and words (是/否, 男/女), stored by the customer's own save.
    excelImport: {
      schema: customerImportSchema,
      save: async (db, user, row) => {
        await saveCustomer(db, await customFieldsOf(db, customerServerKind.kind.label), user, {
          entity: { ...(row.fixed as CustomerSaveInput['entity']), customerId: undefined, batchId: row.batchId },
          field: Object.entries(row.custom).map(([fieldName, value]) => ({ fieldName, value })),
        });
      },
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/addOrUpdate',
    access: editing,
    schema: customerSaveSchema,
    response: savedIdResponse,
    async handler({ input, user }) {
      const saved = await saveCustomer(db, await customFieldsOf(db, customerServerKind.kind.label), user, input);
      return { id: saved.id };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/queryForEdit',
    access: 'crm:customer:update',
    schema: crmRecordIdSchema,
    response: customerEditSchema,
    handler: ({ input, user }) => customerForEdit(db, user, input.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/setDealStatus',
    access: 'crm:customer:dealStatus',
    schema: setDealStatusSchema,
    response: noData,
    async handler({ input, user }) {
      await setDealStatus(db, user, input.ids, input.status as 0 | 1);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/searchMySignList',
    access: editing,
    schema: searchSignListSchema,
    response: signCandidatesResponse,
    handler: ({ input }) => searchSignCandidates(db, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/querySingInfoByUserId',
    access: 'crm:customer:read',
    schema: signUserIdSchema,
    response: signInfoResponse,
    handler: ({ input, user }) => signInfoOfUser(db, user, input.userId),
  });

  // The linked app user's calls (docs/decisions.md, "Customer app-user calls"): customer writes.
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/setUserHasHidden',
    access: 'crm:customer:update',
    schema: setUserHiddenSchema,
    response: noData,
    async handler({ input, user }) {
      await setUserHidden(db, user, input.userId, input.hasHidden as 0 | 1);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/deleteUserById',
    access: 'crm:customer:update',
    schema: signUserIdSchema,
    response: noData,
    async handler({ input, user }) {
      await detachUser(db, user, input.userId);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/changeIdentityByUserId',
    access: 'crm:customer:update',
    schema: changeUserIdentitySchema,
    response: noData,
    async handler({ input, user }) {
      await changeUserIdentity(db, user, input.userId, input.identity as 1 | 2);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/queryCustomerSetting',
    access: 'manage:crm:setting',
    schema: customerSettingListSchema,
    response: customerSettingPageResponse,
    handler: ({ input }) => listCustomerSettings(db, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/customerSetting',
    access: 'manage:crm:setting',
    schema: customerSettingSchema,
    response: customerSettingIdResponse,
    handler: ({ input }) => saveCustomerSetting(db, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/deleteCustomerSetting',
    access: 'manage:crm:setting',
    schema: customerSettingIdSchema,
    response: noData,
    handler: ({ input }) => deleteCustomerSetting(db, input.settingId),
  });

  const appLists: [string, AppListKind][] = [
    ['appQueryPageListByOwnerUserId', 'byOwner'],
    ['appQueryPageListByOwnerUserIdCustumer', 'byDistributor'],
    ['pageQueryCustomerBySearch', 'search'],
  ];
  for (const [name, kind] of appLists)
    defineRoute(app, {
      method: 'GET',
      url: `/CrmCustomer/${name}`,
      access: 'crm:customer:index',
      schema: customerAppListSchema,
      response: customerBriefPageResponse,
      handler: ({ input, user }) => customerAppList(db, user, kind, input),
    });
}
