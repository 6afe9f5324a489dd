import type { AppRegistry } from '../../registry.ts';
import { taskAccess } from './access.ts';

/** The owner kind of a task's attachments (its id is the task's). */
export const OA_TASK_FILES = 'oa_task';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // A task's attachments are seen by exactly those who may open the task.
  registry.fileOwners.register(OA_TASK_FILES, {
    async canSee(db, user, taskId) {
      try {
        return (await taskAccess(db, taskId, user)).visible;
      } catch {
        // A deleted task's files are nobody's to see.
        return false;
      }
    },
  });
}
