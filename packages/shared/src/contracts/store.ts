import { z } from 'zod';
import { namedUserSchema, noData, pageOf } from './common.ts';
import {
  actionRecordResponse,
  listHeadResponse,
  recordAccessSchema,
  recordDetailResponse,
  recordPageResponse,
  recordRowSchema,
  savedIdResponse,
  sceneListResponse,
} from './records.ts';

/** Answers of the shop calls (docs/api/stores.md). */

/** A shop in a short list: the customer panel's autocomplete, pickers, providers. */
export const shopOptionSchema = z.object({ shopId: z.number().int(), shopName: z.string() });
export const shopOptionsResponse = z.array(shopOptionSchema);

/** The shop-owner list of the form's main-shop picker. */
export const shopOwnerOptionSchema = shopOptionSchema.extend({ name: z.string(), phone: z.string() });
export const shopOwnerOptionsResponse = z.array(shopOwnerOptionSchema);

/** The employees a shop can be served by (服务三级) and the people of the form's user pickers. */
export const storeUserOptionsResponse = z.array(namedUserSchema.extend({ deptName: z.string() }));

export const projectClassSchema = z.object({ classId: z.number().int(), className: z.string() });
export const projectClassesResponse = z.array(projectClassSchema);
export const projectSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  classId: z.number().int(),
  className: z.string(),
});
export const projectsResponse = z.array(projectSchema);

export const bankNameResponse = z.object({ bankName: z.string().nullable() });

/**
 * The loaded shop (spec 3.1 "extra fields"): the record with its fixed and payload fields, plus
 * whether the viewer may change its owner, the names of its admin user, main shop and serving
 * employee, and the signing users; the two photo batch ids are among the record's fields.
 */
export const storeDetailResponse = z.object({
  record: recordRowSchema,
  access: recordAccessSchema,
  IsCanUpdateUserOwner: z.boolean(),
  adminUserName: z.string(),
  parentName: z.string(),
  relationName: z.string(),
  signUserIds: z.array(namedUserSchema),
  servers: shopOptionsResponse,
});

export const storePageResponse = pageOf(recordRowSchema);

/** Every shop call and its answer, spread into `responseContracts`. */
export const storeContracts = {
  '/Store/addShopOwner': savedIdResponse,
  '/Store/editShopOwner': savedIdResponse,
  '/Store/findPage': storePageResponse,
  '/Store/queryMyShoperOwnerPage': storePageResponse,
  '/Store/searchShop': shopOptionsResponse,
  '/Store/queryShopOwnerList': shopOwnerOptionsResponse,
  '/Store/queryShopOwnerRelation': storeUserOptionsResponse,
  '/Store/queryServerList': shopOptionsResponse,
  '/Store/findProjectClass': projectClassesResponse,
  '/Store/findProjectByType': projectsResponse,
  '/Store/findShopOwnerProjects': projectsResponse,
  '/Store/saveShopOwnerProject': noData,
  '/Store/queryBankName': bankNameResponse,
  '/Store/queryShopOwnerById': storeDetailResponse,
  // What registerRecordKind gives the kind (no team, follow-ups or transfer for shops).
  '/Store/queryPageList': recordPageResponse,
  '/Store/queryById': recordDetailResponse,
  '/Store/deleteByIds': noData,
  '/Store/queryActionRecord': actionRecordResponse,
  '/Store/queryScene': sceneListResponse,
  '/Store/saveScene': savedIdResponse,
  '/Store/deleteScene': noData,
  '/Store/setDefaultScene': noData,
  '/Store/queryListHead': listHeadResponse,
  '/Store/setListHead': noData,
} satisfies Record<string, z.ZodType>;
