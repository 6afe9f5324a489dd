import { createHash } from 'node:crypto';
import { type CustomerSaveInput, customerRequiredFields, customValuesOf, type FieldDefinition } from '@crm/shared';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import type { Tx } from '../../db/client.ts';
import { saveRecord } from '../records/save.ts';
import { restrictCustomerSave } from './edit.ts';
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
  const { customerId, batchId, signItemUserIds, ...fixed } = input.entity;
  requirePermission(user, customerId === undefined ? 'crm:customer:save' : 'crm:customer:update');
  // A field left out (undefined) is not written: on update its stored value stays, on create its
  // column default applies (a field hidden from the user is never sent for them).
  const values = Object.fromEntries(
    Object.entries({ ...fixed, signItemUserIds: signItemUserIds.join(',') }).filter(([, v]) => v !== undefined),
  );
  return saveRecord(db, customerServerKind, custom, user, {
    id: customerId,
    batchId: batchId ?? panelBatch(user, input),
    fixed: values,
    custom: customValuesOf(input.field),
    // The panel's edit restrictions hold on the server too (shell spec 4.3; edit.ts), checked on
    // the locked row, so a deal closed meanwhile counts.
    restrict: (row, allowed) => restrictCustomerSave(user, row, allowed),
    required: customerRequiredFields,
  });
}
