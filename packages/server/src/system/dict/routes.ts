import {
  dictItemIdResponse,
  dictItemIdSchema,
  dictItemListResponse,
  dictItemSaveSchema,
  dictTypeIdResponse,
  dictTypeIdSchema,
  dictTypeListResponse,
  dictTypeSaveSchema,
  noData,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { deleteItem, deleteType, listItems, listTypes, saveItem, saveType } from './service.ts';

const DICT = 'manage:system:dict';

/** Manager › 系统字典 (docs/api/system-dict.md). */
export function registerDictRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/system/dict/queryTypes',
    access: DICT,
    response: dictTypeListResponse,
    handler: () => listTypes(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/dict/saveType',
    access: DICT,
    response: dictTypeIdResponse,
    schema: dictTypeSaveSchema,
    handler: async ({ input }) => ({ typeId: await saveType(db, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/dict/deleteType',
    access: DICT,
    response: noData,
    schema: dictTypeIdSchema,
    handler: async ({ input }) => {
      await deleteType(db, input.typeId);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/dict/queryItems',
    access: DICT,
    response: dictItemListResponse,
    schema: dictTypeIdSchema,
    handler: ({ input }) => listItems(db, input.typeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/dict/saveItem',
    access: DICT,
    response: dictItemIdResponse,
    schema: dictItemSaveSchema,
    handler: async ({ input }) => ({ itemId: await saveItem(db, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/dict/deleteItem',
    access: DICT,
    response: noData,
    schema: dictItemIdSchema,
    handler: async ({ input }) => {
      await deleteItem(db, input.itemId);
      return null;
    },
  });
}
