import { managerArea } from '@/manager/routes';
import { PERSON_BASE, personRoutes } from '@/person/routes';
import { workbenchArea } from '@/workbench/routes';
import type { AppArea } from './route-types';

/**
 * The areas in top-navigation order (spec 6). CRM, workflow, project and BI join here when
 * their pages work: a menu item appears only when its page does.
 */
export const areas: AppArea[] = [workbenchArea, managerArea];

export { PERSON_BASE, personRoutes };
