import { fileOwners } from '../../files/owners.ts';
import { taskAccess } from './access.ts';

/** The owner kind of a task's attachments (its id is the task's). */
export const OA_TASK_FILES = 'oa_task';

// A task's attachments are seen by exactly those who may open the task.
fileOwners.register(OA_TASK_FILES, {
  async canSee(db, user, taskId) {
    try {
      return (await taskAccess(db, taskId, user)).visible;
    } catch {
      // A deleted task's files are nobody's to see.
      return false;
    }
  },
});
