import { healthResponse } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from './route.ts';
import { defineRoute } from './route.ts';

/** For load balancers: answers once the database answers. */
export function registerHealthRoute(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'GET',
    url: '/healthz',
    access: 'public',
    response: healthResponse,
    async handler() {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    },
  });
}
