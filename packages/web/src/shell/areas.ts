// Statistics (/bi, issue 24).
import { biArea } from '@/bi/routes';
import { crmArea } from '@/crm/routes';
import { managerArea } from '@/manager/routes';
import { PERSON_BASE, personRoutes } from '@/person/routes';
import { projectArea } from '@/project/routes';
import { workbenchArea } from '@/workbench/routes';
import { workflowArea } from '@/workflow/routes';
import type { AppArea } from './route-types';

/**
 * The areas in top-navigation order (spec 6). Workflow and project join here when their pages
 * work: a menu item appears only when its page does.
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
