import type { AppRegistry } from '../../registry.ts';

/** The owner kind of a banner's image (its id is the banner's). */
export const BANNER_FILES = 'workbench_banner';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // A banner's image is on every signed-in user's mobile home: anyone signed in may see it.
  registry.fileOwners.register(BANNER_FILES, {
    async canSee() {
      return true;
    },
  });
}
