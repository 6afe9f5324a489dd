import { DECL_FILL } from '@crm/shared';
import { hasPermission } from '../../core/access.ts';
import type { AppRegistry } from '../../registry.ts';
import { openCount } from './filling.ts';

/**
 * The workbench's declarationNum: open tasks issued to me that I have not submitted (or whose
 * submission was rejected or revoked); the index on decl_assignee.user_id.
 */
export function registerDeclarationBacklog(registry: AppRegistry): void {
  registry.backlog.register('declarationNum', async (db, user) =>
    hasPermission(user, DECL_FILL) ? openCount(db, user.userId) : 0,
  );
}
