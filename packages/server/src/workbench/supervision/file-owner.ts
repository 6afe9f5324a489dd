import type { AppRegistry } from '../../registry.ts';
import { planAccess } from './access.ts';

/** The owner kind of an inspection's photos (its id is the plan's; each item keeps its own batch). */
export const CHECK_PLAN_FILES = 'oa_check_plan';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // Photos are seen by exactly those who may read the plan.
  registry.fileOwners.register(CHECK_PLAN_FILES, {
    async canSee(db, user, id) {
      try {
        await planAccess(db, id, user);
        return true;
      } catch {
        return false;
      }
    },
  });
}
