import type { AppRegistry } from '../../registry.ts';
import { visiblePlan } from './access.ts';

/** The owner kind of a planning document's images and attachments (its id is the document's). */
export const OA_PLAN_FILES = 'oa_plan';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // A document's files are seen by exactly those who may read it.
  registry.fileOwners.register(OA_PLAN_FILES, {
    async canSee(db, user, id) {
      try {
        await visiblePlan(db, id, user);
        return true;
      } catch {
        return false;
      }
    },
  });
}
