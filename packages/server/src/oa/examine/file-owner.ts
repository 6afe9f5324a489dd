import { and, eq } from 'drizzle-orm';
import type { AppRegistry } from '../../registry.ts';
import { examineRecords, oaExamines } from './tables.ts';
import { isVisible } from './visibility.ts';

/** The owner kind of an OA approval's attachments (its id is the form's examineId). */
export const OA_EXAMINE_FILES = 'oa_examine';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // An approval's attachments are seen by exactly those who may open the approval.
  registry.fileOwners.register(OA_EXAMINE_FILES, {
    async canSee(db, user, examineId) {
      const [form] = await db
        .select({ recordId: oaExamines.recordId, createUserId: oaExamines.createUserId })
        .from(oaExamines)
        .where(and(eq(oaExamines.id, examineId), eq(oaExamines.isDeleted, false)));
      if (!form) return false;
      if (!form.recordId) return form.createUserId === user.userId || user.isSuper;
      const [record] = await db.select().from(examineRecords).where(eq(examineRecords.id, form.recordId));
      return record !== undefined && (await isVisible(db, record.id, record.state, user));
    },
  });
}
