import { systemSceneIds } from '@crm/shared';
import type { SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Tx } from '../../db/client.ts';
import { customFieldsOf } from '../../fields/store.ts';
import type { ServerKind } from './kind.ts';
import { type ComputedColumn, recordPage } from './list.ts';

/**
 * A related list under a parent record (a detail's tab: a customer's contacts, an opportunity's
 * contracts): the child kind's own list narrowed by `where`, its data scope applied, always under
 * 全部 — never the viewer's default scene of that kind, which would hide records of the parent
 * the viewer may see. The caller has checked the parent is readable.
 */
export async function relatedPage(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  where: SQL,
  paging: { page: number; limit: number },
  computed?: Record<string, ComputedColumn>,
) {
  return recordPage(
    db,
    sk,
    await customFieldsOf(db, sk.kind.label),
    user,
    { page: paging.page, limit: paging.limit, search: '', sortField: '', sceneId: systemSceneIds.all },
    [where],
    { computed },
  );
}
