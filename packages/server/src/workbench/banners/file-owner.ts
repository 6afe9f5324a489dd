import { fileOwners } from '../../files/owners.ts';

/** The owner kind of a banner's image (its id is the banner's). */
export const BANNER_FILES = 'workbench_banner';

// A banner's image is on every signed-in user's mobile home: anyone signed in may see it.
fileOwners.register(BANNER_FILES, {
  async canSee() {
    return true;
  },
});
