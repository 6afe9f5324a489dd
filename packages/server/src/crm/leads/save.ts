import { customValuesOf, type FieldDefinition, LeadsMsg, type LeadsSaveInput } from '@crm/shared';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { badRequest } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { saveRecord } from '../records/save.ts';
import { leadsServerKind } from './kind.ts';

/**
 * `CrmLeads/addOrUpdate`: create (`crm:leads:save`) or update (`crm:leads:update`). A converted
 * lead is not edited any more: the check runs on the locked row, so a conversion meanwhile counts.
 */
export async function saveLeads(db: Tx, custom: FieldDefinition[], user: SessionUser, input: LeadsSaveInput) {
  const { leadsId, batchId, ...fixed } = input.entity;
  requirePermission(user, leadsId === undefined ? 'crm:leads:save' : 'crm:leads:update');
  return saveRecord(db, leadsServerKind, custom, user, {
    id: leadsId,
    batchId,
    fixed,
    custom: customValuesOf(input.field),
    restrict: (row, allowed) => {
      if (row?.is_transform) throw badRequest(LeadsMsg.converted);
      return allowed;
    },
  });
}
