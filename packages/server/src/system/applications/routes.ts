import {
  APPLICATION_MANAGE,
  type ApplicationRow,
  applicationContracts,
  applicationSwitchInput,
  applications,
  payMethodSaveInput,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import type { Tx } from '../../db/client.ts';
import { readPayMethods, savePayMethods } from './pay-methods.ts';
import { readSwitchedOff } from './state.ts';
import { sysApplications } from './tables.ts';

const c = applicationContracts;

/** Every declared application with its state, as stored (not this process's copy). */
async function listApplications(db: Tx): Promise<ApplicationRow[]> {
  const off = await readSwitchedOff(db);
  return applications.map((a) => ({ key: a.key, title: a.title, titleEn: a.titleEn, enabled: !off.has(a.key) }));
}

/** /manager/application (docs/applications.md): the company's applications, switched by an administrator. */
export function registerApplicationRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/system/application/list',
    access: APPLICATION_MANAGE,
    response: c['/system/application/list'],
    handler: () => listApplications(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/application/switch',
    access: APPLICATION_MANAGE,
    schema: applicationSwitchInput,
    response: c['/system/application/switch'],
    handler: async ({ user, input }) => {
      // The trigger tells every process; this one reads again before it answers (the
      // notification may reach its listener a moment later on PostgreSQL).
      await db
        .insert(sysApplications)
        .values({ key: input.key, enabled: input.enabled, updateUserId: user.userId })
        .onConflictDoUpdate({
          target: sysApplications.key,
          set: { enabled: input.enabled, updateUserId: user.userId, updatedAt: sql`now()` },
        });
      await app.applications.refresh();
      return listApplications(db);
    },
  });
  // The desk's cash methods (/manager/system-project): any signed-in desk reads them, administrators change them.
  defineRoute(app, {
    method: 'POST',
    url: '/system/application/payMethods',
    access: 'login',
    response: c['/system/application/payMethods'],
    handler: () => readPayMethods(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/application/savePayMethods',
    access: APPLICATION_MANAGE,
    schema: payMethodSaveInput,
    response: c['/system/application/savePayMethods'],
    handler: ({ input }) => savePayMethods(db, input.methods),
  });
}
