import { z } from 'zod';
import { noData, pageOf } from './common.ts';
import { planPageResponse } from './contract.ts';
import { recordPageResponse, sceneListResponse } from './records.ts';

/** `system/message/queryImportNum`: rows handled so far; null once the job has ended. */
export const importNumResponse = z.number().int().nullable();
/** `system/message/queryImportInfo` (at the top level too): rows in the file and rows refused. */
export const importInfoResponse = z.object({ totalSize: z.number().int(), errSize: z.number().int() });

/** `system/dept/queryDeptByAuth`: the departments within the viewer's data scope, flat. */
export const deptsByAuthResponse = z.array(z.object({ id: z.number().int(), name: z.string(), pid: z.number().int() }));
/** `system/user/queryUserByDeptId`: the original's option rows (`id`, `realname`), with our `userId`. */
export const usersOfDeptResponse = z.array(
  z.object({ id: z.number().int(), userId: z.number().int(), realname: z.string() }),
);
/** `sysConfig/queryModuleSetting`: each module, `status` 1 on, `type` 1 provided / 2 not. */
export const moduleSettingsResponse = z.array(
  z.object({
    settingId: z.number().int(),
    module: z.string(),
    name: z.string(),
    status: z.number().int(),
    type: z.number().int(),
  }),
);

/** `<Kind>/queryList` (查重): a match's id, name and owner, nothing else of the record. */
const owner = { ownerUserId: z.number().int().nullable(), ownerUserName: z.string() };
export const customerDuplicatePage = pageOf(
  z.object({ customerId: z.number().int(), customerName: z.string(), ...owner }),
);
export const contactsDuplicatePage = pageOf(
  z.object({
    contactsId: z.number().int(),
    name: z.string(),
    customerId: z.number().int().nullable(),
    customerName: z.string(),
    ...owner,
  }),
);
export const leadsDuplicatePage = pageOf(
  z.object({ leadsId: z.number().int(), leadsName: z.string(), name: z.string(), ...owner }),
);

/** `field/queryFieldConfig`: the shown columns in order (`value`) and the hidden ones; `id` is the key. */
const configColumn = z.object({
  id: z.string(),
  fieldName: z.string(),
  name: z.string(),
  width: z.number().int().nullable(),
  formType: z.string(),
});
export const fieldConfigResponse = z.object({ value: z.array(configColumn), hideValue: z.array(configColumn) });
/** `scene/querySceneConfig`: the picker's scenes in order (`value`) and the hidden ones (`hide_value`). */
export const sceneConfigResponse = z.object({ value: sceneListResponse, hide_value: sceneListResponse });

/**
 * The answers of the last original-client calls of issue 20 (docs/api.md "Aliases": the CRM and
 * the organisation/settings rest), by path; spread into `responseContracts`.
 */
export const originalRestContracts = {
  '/CrmRecord/deleteFollowRecord': noData,
  '/CrmBackLog/setLeadsFollowup': noData,
  '/CrmBackLog/setCustomerFollowup': noData,
  '/CrmBackLog/remindReceivables': planPageResponse,
  '/CrmBackLog/putInPoolRemind': recordPageResponse,
  '/system/message/queryImportNum': importNumResponse,
  '/system/message/queryImportInfo': importInfoResponse,
  '/system/dept/queryDeptByAuth': deptsByAuthResponse,
  '/system/user/queryUserByDeptId': usersOfDeptResponse,
  '/system/user/usernameEdit': noData,
  '/sysConfig/queryModuleSetting': moduleSettingsResponse,
  '/sysConfig/setModuleSetting': noData,
  '/CrmCustomer/queryList': customerDuplicatePage,
  '/CrmContacts/queryList': contactsDuplicatePage,
  '/CrmLeads/queryList': leadsDuplicatePage,
  '/field/queryFieldConfig': fieldConfigResponse,
  '/field/fieldConfig': noData,
  '/scene/querySceneConfig': sceneConfigResponse,
  '/scene/sceneConfig': noData,
};
