import {
  CustomerTagMsg,
  customerTagContracts,
  customerTagPaths,
  customerTagQuerySchema,
  customerTagSetSchema,
} from '@crm/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Tx } from '../../db/client.ts';
import { clinicTags, customerTags } from './tables.ts';

/**
 * A customer's tags: read by whoever may read the customer, set by whoever may change it (the
 * record layer's access: owner's data scope or team), with the customer's own permissions.
 */
export function registerCustomerTagRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: customerTagPaths.query,
    access: 'crm:customer:read',
    schema: customerTagQuerySchema,
    response: customerTagContracts[customerTagPaths.query],
    handler: async ({ input, user }) => {
      await loadRecord(db, customerServerKind, user, input.customerId, 'read');
      return tagsOf(db, input.customerId);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: customerTagPaths.options,
    access: 'crm:customer:read',
    response: customerTagContracts[customerTagPaths.options],
    handler: () =>
      db
        .select({
          tagId: clinicTags.id,
          name: clinicTags.name,
          color: clinicTags.color,
          groupName: clinicTags.groupName,
        })
        .from(clinicTags)
        .where(eq(clinicTags.enabled, true))
        .orderBy(asc(clinicTags.sort), asc(clinicTags.id)),
  });
  defineRoute(app, {
    method: 'POST',
    url: customerTagPaths.set,
    access: 'crm:customer:update',
    schema: customerTagSetSchema,
    response: customerTagContracts[customerTagPaths.set],
    handler: async ({ input, user }) => {
      await db.transaction(async (tx) => {
        await loadRecord(tx, customerServerKind, user, input.customerId, 'write', { lock: true });
        const ids = [...new Set(input.tagIds)];
        if (ids.length) {
          const found = await tx
            .select({ id: clinicTags.id })
            .from(clinicTags)
            .where(and(inArray(clinicTags.id, ids), eq(clinicTags.enabled, true)));
          if (found.length !== ids.length) throw badRequest(CustomerTagMsg.tagMissing);
        }
        await tx.delete(customerTags).where(eq(customerTags.customerId, input.customerId));
        if (ids.length)
          await tx.insert(customerTags).values(ids.map((tagId) => ({ customerId: input.customerId, tagId })));
      });
    },
  });
}

export const tagsOf = (db: Tx, customerId: number) =>
  db
    .select({ tagId: clinicTags.id, name: clinicTags.name, color: clinicTags.color, groupName: clinicTags.groupName })
    .from(customerTags)
    .innerJoin(clinicTags, eq(clinicTags.id, customerTags.tagId))
    .where(eq(customerTags.customerId, customerId))
    .orderBy(asc(clinicTags.sort), asc(clinicTags.id));
