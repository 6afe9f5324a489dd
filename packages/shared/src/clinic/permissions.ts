import { settingsPermissionNodes } from './settings/index.ts';

/** A node of the permission tree (`auth/permissions.ts` PermissionNode; declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * The 配置 realm (`project`, spec 2.3 /project): one node per configuration page, keyed by the
 * page's route name (`index`, `partConfig`, `setMeal`, …), each with its leaves. The pages of the
 * project catalogue and of the settings pages declare their nodes in their own lists so each
 * feature adds its pages without touching the other's.
 */
export const catalogueNodes: PermissionNode[] = [];
// Settings pages (clinic/settings): one node per declared kind.
export const clinicSettingsNodes: PermissionNode[] = settingsPermissionNodes;

export const projectRealmChildren = (): PermissionNode[] => [...catalogueNodes, ...clinicSettingsNodes];
