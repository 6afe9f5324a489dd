import {
  crmFieldSaveSchema,
  crmFieldsResponse,
  fieldAuthQuerySchema,
  fieldAuthResponse,
  fieldAuthSaveSchema,
  fieldKindListResponse,
  fieldVerifySchema,
  noData,
  queryFieldResponse,
  queryFieldSchema,
  recordKinds,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../core/access.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { originalCategoryFields } from '../../oa/examine/original-fields.ts';
import {
  listFieldKinds,
  MANAGE_FIELDS,
  queryField,
  queryFieldAuth,
  readerPermissions,
  saveKindFields,
  setFieldAuth,
  verifyField,
} from './service.ts';

/**
 * The field calls of the CRM kinds (docs/api/fields.md). The designer's calls need
 * `manage:crm:field`; the uniqueness check serves the record forms, so creating or editing
 * records of the kind suffices there; the definitions serve the forms and the lists and details
 * too, so reading the kind suffices for them (both checked per label in the service).
 */
const formAccess = {
  any: [MANAGE_FIELDS, ...recordKinds.flatMap((k) => [`${k.permission}:save`, `${k.permission}:update`])],
};
const readAccess = { any: [...formAccess.any, ...recordKinds.flatMap(readerPermissions)] };
/** Label 10: an approval category's fields, for whoever may submit approvals (checked in the handler). */
const APPROVAL_LABEL = 10;
const EXAMINE_USE = 'oa:examine:use';

export function registerCrmFieldRoutes(app: FastifyInstance, { db, registry }: Ctx): void {
  const { kinds } = registry;
  defineRoute(app, {
    method: 'POST',
    url: '/field/queryField',
    access: { any: [...readAccess.any, EXAMINE_USE] },
    schema: queryFieldSchema,
    response: queryFieldResponse,
    handler: ({ input, user }) => {
      if (input.label !== APPROVAL_LABEL) return queryField(db, kinds, user, input.label, input.id);
      requirePermission(user, EXAMINE_USE);
      return originalCategoryFields(db, user, input.id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/field/verify',
    access: formAccess,
    schema: fieldVerifySchema,
    response: noData,
    handler: ({ input, user }) => verifyField(db, kinds, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/field/list',
    // The original's field settings page lists the kinds under this name (its own field/list is a kind's fields).
    aliases: ['/field/queryFields'],
    access: MANAGE_FIELDS,
    response: fieldKindListResponse,
    handler: () => listFieldKinds(db),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/field/save',
    access: MANAGE_FIELDS,
    schema: crmFieldSaveSchema,
    response: crmFieldsResponse,
    handler: ({ input }) => saveKindFields(db, kinds, input.label, input.fields),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/field/queryFieldAuth',
    access: MANAGE_FIELDS,
    schema: fieldAuthQuerySchema,
    response: fieldAuthResponse,
    handler: ({ input }) => queryFieldAuth(db, kinds, input.roleId, input.label),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/field/setFieldAuth',
    access: MANAGE_FIELDS,
    schema: fieldAuthSaveSchema,
    response: noData,
    handler: ({ input }) => setFieldAuth(db, kinds, input),
  });
}
