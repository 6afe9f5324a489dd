import { fileOwners } from '../../files/owners.ts';
import { planAccess } from './access.ts';

/** The owner kind of an inspection's photos (its id is the plan's; each item keeps its own batch). */
export const CHECK_PLAN_FILES = 'oa_check_plan';

// Photos are seen by exactly those who may read the plan.
fileOwners.register(CHECK_PLAN_FILES, {
  async canSee(db, user, id) {
    try {
      await planAccess(db, id, user);
      return true;
    } catch {
      return false;
    }
  },
});
