import { createHash } from 'node:crypto';
import { type CustomerSaveInput, customValuesOf, type FieldDefinition } from '@crm/shared';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import type { Tx } from '../../db/client.ts';
import { saveRecord } from '../records/save.ts';
import { customerServerKind } from './kind.ts';

/**
 * The panel's flat body carries no batch id (shell spec 3.2). A batch derived from the user, the
 * body and the minute makes its double click one customer as well; the generic form sends its own.
 */
function panelBatch(user: SessionUser, input: CustomerSaveInput): string {
  const minute = Math.floor(Date.now() / 60_000);
  const digest = createHash('sha256')
    .update(JSON.stringify([user.userId, minute, input.entity, input.field]))
    .digest('hex');
  return `p-${digest.slice(0, 38)}`;
}

/** `CrmCustomer/addOrUpdate`: create (`crm:customer:save`) or update (`crm:customer:update`) either body. */
export async function saveCustomer(db: Tx, custom: FieldDefinition[], user: SessionUser, input: CustomerSaveInput) {
  const { customerId, batchId, signItemUserIds, signTime, ...fixed } = input.entity;
  requirePermission(user, customerId === undefined ? 'crm:customer:save' : 'crm:customer:update');
  return saveRecord(db, customerServerKind, custom, user, {
    id: customerId,
    batchId: batchId ?? panelBatch(user, input),
    fixed: { ...fixed, signTime: signTime ?? null, signItemUserIds: signItemUserIds.join(',') },
    custom: customValuesOf(input.field),
  });
}
