import type { SessionUser } from '../../auth/session.ts';
import { loadRecords } from '../../crm/records/access.ts';
import type { KindRegistry } from '../../crm/records/registry.ts';
import type { Tx } from '../../db/client.ts';

/**
 * An applicant links only records they may read (the picker offers no others; a direct call is
 * refused the same way: 无权访问, or `<名称>不存在`). Links the approval already had stay even if the
 * applicant has since lost sight of them. Kinds this server does not answer yet are not checked.
 */
export async function checkRelation(
  tx: Tx,
  kinds: KindRegistry,
  user: SessionUser,
  relation: Record<string, number[]>,
  saved: Record<string, number[]> = {},
): Promise<void> {
  for (const [key, ids] of Object.entries(relation)) {
    // The kind that declares itself linkable under this key (`link` in packages/shared).
    const sk = kinds.relatedTo(key);
    if (!sk) continue;
    const added = [...new Set(ids)].filter((id) => !(saved[key] ?? []).includes(id));
    await loadRecords(tx, sk, user, added, 'read');
  }
}
