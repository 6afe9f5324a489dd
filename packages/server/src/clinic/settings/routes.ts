import {
  clinicSettingsKinds,
  hasEnabled,
  hasSort,
  saveSchemaOf,
  settingsContractsOf,
  settingsIdSchema,
  settingsListSchema,
  settingsOptionsPath,
  settingsOptionsResponse,
  settingsOptionsSchema,
  settingsPaths,
  settingsSortSchema,
  settingsStatusSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { settingsBindings } from './bindings.ts';
import { registerCustomerTagRoutes } from './customer-tags.ts';
import {
  deleteRow,
  type KindBinding,
  listRows,
  readOne,
  readSingleton,
  saveRow,
  setEnabled,
  setOrder,
} from './engine.ts';
import { optionsOf } from './names.ts';

/**
 * Every settings kind's calls, derived from its declaration (docs/api.md "Clinic: settings"):
 * reading needs `project:<node>:read`, any change `project:<node>:update`. Configuration is the
 * company's, not owned by anyone: no data scope applies.
 */
export function registerClinicSettingsRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;
  for (const b of settingsBindings) registerKind(app, db, b);
  registerCustomerTagRoutes(app, ctx);
  defineRoute(app, {
    method: 'POST',
    url: settingsOptionsPath,
    access: { any: clinicSettingsKinds.map((k) => `project:${k.node}:read`) },
    schema: settingsOptionsSchema,
    response: settingsOptionsResponse,
    handler: ({ input }) => optionsOf(db, input.source),
  });
}

function registerKind(app: FastifyInstance, db: Ctx['db'], b: KindBinding): void {
  const { kind } = b;
  const p = settingsPaths(kind);
  const read = `project:${kind.node}:read`;
  const update = `project:${kind.node}:update`;
  const save = saveSchemaOf(kind);
  // The answers are the contracts' own schema objects (the route-table test compares them).
  const answer = settingsContractsOf(kind);
  const of = (path: string): z.ZodType => answer[path]!;
  if (kind.singleton) {
    defineRoute(app, {
      method: 'POST',
      url: p.query,
      access: read,
      response: of(p.query),
      handler: async () => (await readSingleton(db, b, save.parse({}))) as never,
    });
    defineRoute(app, {
      method: 'POST',
      url: p.save,
      access: update,
      schema: save,
      response: of(p.save),
      handler: async ({ input }) => ({ id: await saveRow(db, b, input, 1) }),
    });
    return;
  }
  defineRoute(app, {
    method: 'POST',
    url: p.list,
    access: read,
    schema: settingsListSchema,
    response: of(p.list),
    handler: async ({ input, user }) => (await listRows(db, b, user, input)) as never,
  });
  defineRoute(app, {
    method: 'POST',
    url: p.read,
    access: read,
    schema: settingsIdSchema,
    response: of(p.read),
    handler: async ({ input }) => (await readOne(db, b, input.id)) as never,
  });
  defineRoute(app, {
    method: 'POST',
    url: p.save,
    access: update,
    schema: save,
    response: of(p.save),
    handler: async ({ input }) => ({ id: await saveRow(db, b, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: p.remove,
    access: update,
    schema: settingsIdSchema,
    response: of(p.remove),
    handler: ({ input }) => deleteRow(db, b, input.id),
  });
  if (hasEnabled(kind))
    defineRoute(app, {
      method: 'POST',
      url: p.status,
      access: update,
      schema: settingsStatusSchema,
      response: of(p.status),
      handler: ({ input }) => setEnabled(db, b, input.id, input.enabled),
    });
  if (hasSort(kind))
    defineRoute(app, {
      method: 'POST',
      url: p.sort,
      access: update,
      schema: settingsSortSchema,
      response: of(p.sort),
      handler: ({ input }) => setOrder(db, b, input.ids),
    });
}
