// Statistics (/bi, issue 24).
import { biArea } from '@/bi/area';
import { crmArea } from '@/crm/area';
import { managerArea } from '@/manager/area';
import { PERSON_BASE, personRoutes } from '@/person/routes';
import { projectArea } from '@/project/area';
import { workbenchArea } from '@/workbench/area';
import { workflowArea } from '@/workflow/area';
import type { AppArea } from './route-types';

/**
 * The areas in top-navigation order (spec 6). Workflow and project join here when their pages
 * work: a menu item appears only when its page does. These are the areas' first-paint halves
 * (addresses and permissions); each area's menu and pages load when it opens (area-views.tsx).
 */
export const areas: AppArea[] = [
  workbenchArea,
  ...(workflowArea.routes.length ? [workflowArea] : []),
  crmArea,
  ...(projectArea.routes.length ? [projectArea] : []),
  // Statistics (/bi, issue 24).
  biArea,
  managerArea,
];

export { PERSON_BASE, personRoutes };
