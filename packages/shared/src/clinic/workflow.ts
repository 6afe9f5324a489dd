/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * The 流程 stations (spec 2.3 /workflow), in the spec's menu order. Each is one page and one
 * permission leaf `oa:workflow:<station>`; the top menu 流程 shows with `oa.workflow` (spec 6).
 */
export const workflowStations = {
  photograph: ['拍照室', 'Photo room'],
  triage: ['分诊台', 'Triage desk'],
  witness: ['面诊室', 'Consultation room'],
  cashierDesk: ['收银台', 'Cashier desk'],
  nursesStation: ['护士站', "Nurses' station"],
  isHospitalized: ['住院管理', 'Inpatients'],
} as const;

export type WorkflowStation = keyof typeof workflowStations;

export const workflowStationOrder = Object.keys(workflowStations) as WorkflowStation[];

/**
 * The stations whose pages work. A station joins the permission tree (and the menu) with its
 * page, so the role editor never offers a station that does not exist yet.
 */
export const builtStations: WorkflowStation[] = [
  // Cashier (issue 22).
  'cashierDesk',
  // Appointments and visits (issue 23).
  'triage',
  // The consultation room (h-witness).
  'witness',
  // Nurses' station (issue 23, h-nurse).
  'nursesStation',
  // Inpatients (issue 23, h-ward).
  'isHospitalized',
  // The photograph room (issue 23, h-photo).
  'photograph',
];

/** The `workflow` node of the office realm, or nothing while no station is built. */
export function workflowPermissionNodes(): PermissionNode[] {
  if (!builtStations.length) return [];
  const children = workflowStationOrder
    .filter((k) => builtStations.includes(k))
    .map((key) => ({ key, title: workflowStations[key][0], titleEn: workflowStations[key][1] }));
  return [{ key: 'workflow', title: '流程', titleEn: 'Clinic workflow', children }];
}
