import {
  bankNameSchema,
  changeCustomerShopSchema,
  noData,
  projectByTypeSchema,
  saveShopProjectsSchema,
  shopOwnerListSchema,
  storeContracts,
  storeEditSchema,
  storeIdSchema,
  storeKind,
  storeOptionalIdSchema,
  storePageSchema,
  storeSaveSchema,
  storeSearchSchema,
  storeServerListSchema,
  systemSceneIds,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { loadRecord } from '../records/access.ts';
import { recordPage } from '../records/list.ts';
import { registerRecordKind } from '../records/routes.ts';
import { bankNameOf } from './bank.ts';
import { changeCustomerShop } from './customer-shop.ts';
import { storeDetail } from './detail.ts';
import { importStoreRow, storeImportExtraFields } from './import.ts';
import { storeServerKind as sk } from './kind.ts';
import {
  activeUsers,
  checkProjects,
  ids,
  projectClassList,
  projectsOfClasses,
  projectsOfShop,
  searchShops,
  shopOwners,
} from './queries.ts';
import { saveStore } from './save.ts';

const can = (action: string) => `crm:store:${action}`;
/** The form's own lookups: whoever may create or edit a shop. */
const formAccess = { any: [can('save'), can('update')] };

/**
 * The shop calls (shell spec 7.2, docs/api/stores.md) under `/api/Store/`, and the calls every
 * record kind answers (list, detail, delete, log, scenes, columns) through the record machinery.
 */
export function registerStoreRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  // Imported rows go through the shop's own schema and save (crm/store/import.ts).
  registerRecordKind(app, ctx, sk, {
    excelImport: { save: importStoreRow, extraFields: storeImportExtraFields },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/addShopOwner',
    access: can('save'),
    schema: storeSaveSchema,
    response: storeContracts['/api/Store/addShopOwner'],
    handler: async ({ input, user }) => ({ id: (await saveStore(db, user, input, undefined)).id }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/editShopOwner',
    access: can('update'),
    schema: storeEditSchema,
    response: storeContracts['/api/Store/editShopOwner'],
    handler: async ({ input, user }) => ({ id: (await saveStore(db, user, input, input.id)).id }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/queryShopOwnerById',
    access: can('read'),
    schema: storeIdSchema,
    response: storeContracts['/api/Store/queryShopOwnerById'],
    handler: ({ input, user }) => storeDetail(db, user, input.id),
  });

  // Lists: every shop in scope, and the viewer's own.
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/findPage',
    access: can('index'),
    schema: storePageSchema,
    response: storeContracts['/api/Store/findPage'],
    handler: async ({ input, user }) =>
      recordPage(db, sk, await customFieldsOf(db, sk.kind.label), user, {
        ...input,
        sortField: '',
        sceneId: systemSceneIds.all,
      }),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/Store/queryMyShoperOwnerPage',
    access: can('index'),
    schema: storePageSchema,
    response: storeContracts['/api/Store/queryMyShoperOwnerPage'],
    handler: async ({ input, user }) =>
      recordPage(db, sk, await customFieldsOf(db, sk.kind.label), user, {
        ...input,
        sortField: '',
        sceneId: systemSceneIds.mine,
      }),
  });

  // The customer panel's shop autocomplete: whoever lists shops or edits customers.
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/searchShop',
    access: { any: [can('index'), 'crm:customer:save', 'crm:customer:update'] },
    schema: storeSearchSchema,
    response: storeContracts['/api/Store/searchShop'],
    handler: ({ input, user }) => searchShops(db, user, input.search, input.limit),
  });
  // A customer write (the shop module's own way to move customers, closed ones included).
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/changeCustomerShopOwnerId',
    access: 'crm:customer:update',
    schema: changeCustomerShopSchema,
    response: storeContracts['/api/Store/changeCustomerShopOwnerId'],
    handler: ({ input, user }) => changeCustomerShop(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/queryShopOwnerList',
    access: formAccess,
    schema: shopOwnerListSchema,
    response: storeContracts['/api/Store/queryShopOwnerList'],
    handler: ({ input, user }) => shopOwners(db, user, input.search, input.excludeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/queryServerList',
    access: formAccess,
    schema: storeServerListSchema,
    response: storeContracts['/api/Store/queryServerList'],
    handler: async ({ input, user }) =>
      (await shopOwners(db, user, input.search, input.shopId)).map(({ shopId, shopName }) => ({ shopId, shopName })),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/queryShopOwnerRelation',
    access: formAccess,
    schema: storeOptionalIdSchema,
    response: storeContracts['/api/Store/queryShopOwnerRelation'],
    handler: ({ input }) => activeUsers(db, input.search),
  });

  // Project classes and projects.
  const projectAccess = { any: [can('save'), can('update'), can('read')] };
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/findProjectClass',
    access: projectAccess,
    response: storeContracts['/api/Store/findProjectClass'],
    handler: () => projectClassList(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/findProjectByType',
    access: projectAccess,
    schema: projectByTypeSchema,
    response: storeContracts['/api/Store/findProjectByType'],
    handler: ({ input }) => projectsOfClasses(db, ids(input.classIds)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/findShopOwnerProjects',
    access: can('read'),
    schema: storeIdSchema,
    response: storeContracts['/api/Store/findShopOwnerProjects'],
    async handler({ input, user }) {
      await loadRecord(db, sk, user, input.id, 'read');
      return projectsOfShop(db, input.id);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/saveShopOwnerProject',
    access: can('update'),
    schema: saveShopProjectsSchema,
    response: noData,
    async handler({ input, user }) {
      const projectIds = ids(input.projectIds);
      await checkProjects(db, projectIds);
      await db.transaction(async (tx) => {
        await loadRecord(tx, sk, user, input.id, 'write', { lock: true });
        await tx.execute(sql`delete from crm_store_project where store_id = ${input.id}`);
        for (const projectId of projectIds)
          await tx.execute(
            sql`insert into crm_store_project (store_id, project_id) values (${input.id}, ${projectId})`,
          );
        await tx.execute(sql`update crm_store set update_time = now() where id = ${input.id}`);
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/Store/queryBankName',
    access: formAccess,
    schema: bankNameSchema,
    response: storeContracts['/api/Store/queryBankName'],
    handler: ({ input }) => ({ bankName: bankNameOf(input.cardNumber) }),
  });
}

/** The shop's fixed fields in the field store (label 11), so the designer and filters know them. */
export const storeFixedFields = storeKind.fixedFields.map((f) => ({
  fieldName: f.fieldName,
  name: f.name,
  formType: f.formType,
  isNull: f.isNull,
  isUnique: f.isUnique,
  options: 'options' in f ? [...f.options] : [],
  inputTips: '',
  maxLength: 'maxLength' in f ? f.maxLength : undefined,
}));
