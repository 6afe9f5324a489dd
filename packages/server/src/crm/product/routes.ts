import {
  ProductMsg,
  type ProductSaveInput,
  productCategoryIdSchema,
  productCategorySaveSchema,
  productContracts,
  productSaveSchema,
  productStatusSchema,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../core/access.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { inList } from '../../org/sql-lists.ts';
import { registerRecordKind } from '../records/routes.ts';
import { categoryTree, deleteCategory, saveCategory } from './categories.ts';
import { productComputedColumns, productServerKind as sk } from './kind.ts';
import { saveProduct, setProductStatus } from './save.ts';

const can = (action: string) => `crm:product:${action}`;
const settings = 'manage:crm:productCategory';

/** Products and categories (crm-records §7 "Product", docs/api/products.md). */
export function registerProductRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  registerRecordKind(app, ctx, sk, {
    computedColumns: async () => productComputedColumns,
    // A product on an opportunity's or a contract's lines stays: those lines name it.
    async beforeDelete(tx, rows) {
      const ids = rows.map((r) => Number(r.product_id));
      const used = await queryRows(tx, sql`select 1 from crm_product_line where product_id in ${inList(ids)} limit 1`);
      if (used.length) throw badRequest(ProductMsg.inUse);
    },
    excelImport: {
      schema: productSaveSchema,
      save: async (db, user, row) => {
        await saveProduct(db, await customFieldsOf(db, sk.kind.label), user, {
          entity: { ...(row.fixed as ProductSaveInput['entity']), productId: undefined, batchId: row.batchId },
          field: Object.entries(row.custom).map(([fieldName, value]) => ({ fieldName, value })),
        });
      },
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmProduct/saveAndUpdate',
    access: { any: [can('save'), can('update')] },
    schema: productSaveSchema,
    response: productContracts['/CrmProduct/saveAndUpdate'],
    async handler({ input, user }) {
      if (!hasPermission(user, can(input.entity.productId === undefined ? 'save' : 'update'))) throw forbidden();
      const saved = await saveProduct(db, await customFieldsOf(db, sk.kind.label), user, input);
      return { id: saved.id };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmProduct/updateStatus',
    access: can('status'),
    schema: productStatusSchema,
    response: productContracts['/CrmProduct/updateStatus'],
    async handler({ input, user }) {
      await setProductStatus(db, user, input.ids, input.status as 0 | 1);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmProductCategory/queryList',
    // The tree serves the settings page and the product form, list and picker.
    access: { any: [settings, can('index')] },
    response: productContracts['/CrmProductCategory/queryList'],
    handler: () => categoryTree(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmProductCategory/saveAndUpdate',
    access: settings,
    schema: productCategorySaveSchema,
    response: productContracts['/CrmProductCategory/saveAndUpdate'],
    handler: async ({ input }) => ({ id: await saveCategory(db, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmProductCategory/deleteById',
    access: settings,
    schema: productCategoryIdSchema,
    response: productContracts['/CrmProductCategory/deleteById'],
    async handler({ input }) {
      await deleteCategory(db, input.id);
      return null;
    },
  });
}
