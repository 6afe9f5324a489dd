import { RelationMsg } from '@crm/shared';
import type { SessionUser } from '../auth/session.ts';
import { badRequest } from '../core/errors.ts';
import { loadRecord } from '../crm/records/access.ts';
import type { KindRegistry } from '../crm/records/registry.ts';
import type { Tx } from '../db/client.ts';

/**
 * The CRM record whose office lists are asked for (the *Relation calls, issue 20) must be one the
 * viewer may read: an unknown one is the kind's 不存在, one out of their scope 无权访问.
 */
export async function requireReadableRecord(
  db: Tx,
  kinds: KindRegistry,
  user: SessionUser,
  label: number,
  id: number,
): Promise<void> {
  const kind = kinds.of(label);
  if (!kind) throw badRequest(RelationMsg.recordInvalid);
  await loadRecord(db, kind, user, id, 'read');
}
