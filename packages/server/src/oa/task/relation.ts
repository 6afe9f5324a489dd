import { relationKeys, TaskMsg, type TaskRelationSaveInput } from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden } from '../../core/errors.ts';
import { loadRecords } from '../../crm/records/access.ts';
import type { KindRegistry } from '../../crm/records/registry.ts';
import type { Db } from '../../db/client.ts';
import { visibleTask } from './access.ts';
import { oaTasks } from './tables.ts';

const relationFields = ['customerIds', 'contactsIds', 'businessIds', 'contractIds'] as const;

/**
 * `task/saveTaskRelation` (the original client's 关联业务 of a task, issue 20): who may edit the
 * task sets the CRM records it is about, each one a record they may read; in one transaction
 * under the task's row lock.
 */
export async function saveTaskRelation(db: Db, kinds: KindRegistry, user: SessionUser, input: TaskRelationSaveInput) {
  await db.transaction(async (tx) => {
    const { permitted } = await visibleTask(tx, input.taskId, user, true);
    if (!permitted.edit) throw forbidden(TaskMsg.managersOnly);
    const relation: Record<string, number[]> = {};
    for (const key of relationFields) {
      const ids = [...new Set(input[key])];
      if (ids.length === 0) continue;
      await loadRecords(tx, kinds.of(relationKeys[key])!, user, ids, 'read');
      relation[key] = ids;
    }
    await tx.update(oaTasks).set({ relation, updatedAt: new Date() }).where(eq(oaTasks.id, input.taskId));
  });
  return null;
}
