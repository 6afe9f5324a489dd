import { NodeIndexOutlined } from '@ant-design/icons';
import { builtStations, workflowStationOrder } from '@crm/shared';
import { defineArea } from '@/shell/route-types';

/**
 * 流程 (spec 2.3 /workflow): the clinic's stations; the top menu shows with `oa.workflow` (spec 6).
 * Each built station (shared `builtStations`) is one page behind its leaf `oa.workflow.<station>`,
 * in the spec's menu order, so the first the user may open is the area's default (spec 2.1).
 * Their titles, icons and components are in ./routes.tsx, loaded when the area opens.
 */
export const workflowArea = defineArea({
  key: 'workflow',
  path: '/workflow',
  title: { zh: '流程', en: 'Workflow' },
  icon: <NodeIndexOutlined />,
  access: 'oa.workflow',
  routes: workflowStationOrder
    .filter((station) => builtStations.includes(station))
    .map((station) => ({ path: station, access: `oa.workflow.${station}` })),
});
