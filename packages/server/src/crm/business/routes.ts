import {
  BusinessMsg,
  type BusinessSaveInput,
  boostBusinessSchema,
  businessContracts,
  businessIdSchema,
  businessProductSchema,
  businessSaveSchema,
  businessTypeIdSchema,
  businessTypeSaveSchema,
  businessTypeStatusSchema,
  customerBusinessSchema,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../core/access.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { customerServerKind } from '../customer/kind.ts';
import { deleteProductLines, loadProductLines } from '../product-lines/lines.ts';
import { loadRecord } from '../records/access.ts';
import { relatedPage } from '../records/related.ts';
import { registerRecordKind } from '../records/routes.ts';
import { businessComputedColumns, businessServerKind as sk } from './kind.ts';
import { registerDeleteChecks } from './links.ts';
import { boostBusiness, businessStatusOf, saveBusiness } from './save.ts';
import { deleteBusinessType, listBusinessTypes, saveBusinessType, setBusinessTypeStatus } from './types.ts';

const can = (action: string) => `crm:business:${action}`;
const settings = 'manage:crm:businessType';
const c = businessContracts;

/**
 * Opportunities (crm-records §7 "Business", docs/api/business.md): the calls every kind answers
 * under `/CrmBusiness`, the save with product lines, the stage bar, the customer's opportunities,
 * and the stage groups of the settings (`businessType/*`).
 */
export function registerBusinessRoutes(app: FastifyInstance, ctx: Ctx) {
  registerDeleteChecks(ctx.registry);
  const { db } = ctx;
  registerRecordKind(app, ctx, sk, {
    computedColumns: async () => businessComputedColumns,
    beforeDelete: (tx, rows) =>
      deleteProductLines(
        tx,
        sk.kind.label,
        rows.map((r) => Number(r.business_id)),
      ),
    // Imported rows: the form's schema (customer, group and stage by id) and its save, scope checks included.
    excelImport: {
      schema: businessSaveSchema,
      save: async (db, user, row) => {
        await saveBusiness(db, await customFieldsOf(db, sk.kind.label), user, {
          entity: { ...(row.fixed as BusinessSaveInput['entity']), businessId: undefined, batchId: row.batchId },
          field: Object.entries(row.custom).map(([fieldName, value]) => ({ fieldName, value })),
          product: [],
        });
      },
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmBusiness/addOrUpdate',
    access: { any: [can('save'), can('update')] },
    schema: businessSaveSchema,
    response: c['/CrmBusiness/addOrUpdate'],
    async handler({ input, user }) {
      if (!hasPermission(user, can(input.entity.businessId === undefined ? 'save' : 'update'))) throw forbidden();
      const saved = await saveBusiness(db, await customFieldsOf(db, sk.kind.label), user, input);
      return { id: saved.id };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmBusiness/queryBusinessStatusOptions',
    // The form's group and stage choices: enabled groups only.
    access: { any: [can('save'), can('update'), can('index')] },
    response: c['/CrmBusiness/queryBusinessStatusOptions'],
    handler: () => listBusinessTypes(db, true),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmBusiness/queryBusinessStatus',
    access: can('read'),
    schema: businessIdSchema,
    response: c['/CrmBusiness/queryBusinessStatus'],
    handler: ({ input, user }) => businessStatusOf(db, user, input.businessId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmBusiness/boostBusinessStatus',
    access: can('update'),
    schema: boostBusinessSchema,
    response: c['/CrmBusiness/boostBusinessStatus'],
    async handler({ input, user }) {
      await boostBusiness(db, user, input);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmBusiness/queryProduct',
    access: can('read'),
    schema: businessProductSchema,
    response: c['/CrmBusiness/queryProduct'],
    async handler({ input, user }) {
      await loadRecord(db, sk, user, input.businessId, 'read');
      return loadProductLines(db, user, sk.kind.label, input.businessId);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/queryBusiness',
    access: 'crm:customer:read',
    schema: customerBusinessSchema,
    response: c['/CrmCustomer/queryBusiness'],
    async handler({ input, user }) {
      await loadRecord(db, customerServerKind, user, input.customerId, 'read');
      if (!hasPermission(user, can('index'))) throw forbidden();
      return relatedPage(db, sk, user, sql`r.customer_id = ${input.customerId}`, input, businessComputedColumns);
    },
  });

  // The original's settings page reads the groups as a page (`data.list`), all on one.
  defineRoute(app, {
    method: 'POST',
    url: '/businessType/queryBusinessTypeList',
    access: settings,
    response: c['/businessType/queryBusinessTypeList'],
    async handler() {
      const list = await listBusinessTypes(db);
      return { list, totalRow: list.length };
    },
  });
  // The original's settings dialog reads one group to edit it.
  defineRoute(app, {
    method: 'POST',
    url: '/businessType/getBusinessType',
    access: settings,
    schema: businessTypeIdSchema,
    response: c['/businessType/getBusinessType'],
    async handler({ input }) {
      const group = (await listBusinessTypes(db)).find((g) => g.typeId === input.id);
      if (!group) throw notFound(BusinessMsg.typeMissing);
      return group;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/businessType/queryList',
    access: settings,
    response: c['/businessType/queryList'],
    handler: () => listBusinessTypes(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/businessType/saveAndUpdate',
    aliases: ['/businessType/setBusinessType'],
    access: settings,
    schema: businessTypeSaveSchema,
    response: c['/businessType/saveAndUpdate'],
    handler: async ({ input, user }) => ({ id: await saveBusinessType(db, user.userId, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/businessType/updateStatus',
    access: settings,
    schema: businessTypeStatusSchema,
    response: c['/businessType/updateStatus'],
    async handler({ input }) {
      await setBusinessTypeStatus(db, input.id, input.status);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/businessType/deleteById',
    access: settings,
    schema: businessTypeIdSchema,
    response: c['/businessType/deleteById'],
    async handler({ input }) {
      await deleteBusinessType(db, input.id);
      return null;
    },
  });
}
