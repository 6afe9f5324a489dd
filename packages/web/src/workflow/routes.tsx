import { NodeIndexOutlined } from '@ant-design/icons';
import { workflowStationOrder } from '@crm/shared';
import type { AppArea, AppRoute } from '@/shell/route-types';
import { cashierStationRoutes } from './cashier-routes';
// Nurses' station (issue 23, h-nurse).
import { nurseStationRoutes } from './nurse-routes';
// The photograph room (issue 23, h-photo).
import { photographStationRoutes } from './photograph-routes';
import { visitStationRoutes } from './visit-routes';
// Inpatients (issue 23, h-ward).
import { wardStationRoutes } from './ward-routes';
// The consultation room (h-witness).
import { witnessStationRoutes } from './witness-routes';

// The spec's menu order; the first station the user may open is the area's default (spec 2.1).
const rank = (r: AppRoute) => {
  const i = workflowStationOrder.indexOf(r.path as never);
  return i < 0 ? workflowStationOrder.length : i;
};

const routes: AppRoute[] = [
  ...visitStationRoutes,
  ...cashierStationRoutes,
  // The consultation room (h-witness).
  ...witnessStationRoutes,
  // Nurses' station (issue 23, h-nurse).
  ...nurseStationRoutes,
  // Inpatients (issue 23, h-ward).
  ...wardStationRoutes,
  // The photograph room (issue 23, h-photo).
  ...photographStationRoutes,
].sort((a, b) => rank(a) - rank(b));

/** 流程 (spec 2.3 /workflow): the clinic's stations; the top menu shows with `oa.workflow` (spec 6). */
export const workflowArea: AppArea = {
  key: 'workflow',
  path: '/workflow',
  title: { zh: '流程', en: 'Workflow' },
  icon: <NodeIndexOutlined />,
  access: 'oa.workflow',
  routes,
};
