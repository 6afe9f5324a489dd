import { ContactsMsg, type ContactsSaveInput, customValuesOf, type FieldDefinition } from '@crm/shared';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { badRequest } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { customerServerKind } from '../customer/kind.ts';
import { loadRecord } from '../records/access.ts';
import { saveRecord } from '../records/save.ts';
import { contactsServerKind } from './kind.ts';

/**
 * `CrmContacts/addOrUpdate`: create (`crm:contacts:save`) or update (`crm:contacts:update`). The
 * customer must exist and be one the viewer may see (客户不存在 / 无权访问 otherwise).
 */
export async function saveContacts(db: Tx, custom: FieldDefinition[], user: SessionUser, input: ContactsSaveInput) {
  const { contactsId, batchId, ...fixed } = input.entity;
  requirePermission(user, contactsId === undefined ? 'crm:contacts:save' : 'crm:contacts:update');
  // The customer left out of an update (hidden from the user) stays; a new contact needs one.
  if (contactsId === undefined && !fixed.customerId) throw badRequest(ContactsMsg.customerRequired);
  if (fixed.customerId) await loadRecord(db, customerServerKind, user, fixed.customerId, 'read');
  return saveRecord(db, contactsServerKind, custom, user, {
    id: contactsId,
    batchId,
    fixed,
    custom: customValuesOf(input.field),
  });
}
