import { z } from 'zod';
import { poolCountResponse } from '../records/pool.ts';
import { storeKind } from '../records/store.ts';
import { namedUserSchema, noData, pageOf } from './common.ts';
import { recordAccessSchema, recordKindContracts, recordRowSchema, savedIdResponse } from './records.ts';

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
  '/api/Store/addShopOwner': savedIdResponse,
  '/api/Store/editShopOwner': savedIdResponse,
  '/api/Store/findPage': storePageResponse,
  '/api/Store/queryMyShoperOwnerPage': storePageResponse,
  /** `relation`: the name of the shop's 服务三级 employee, which a customer of the shop takes as its own. */
  '/api/Store/searchShop': z.array(shopOptionSchema.extend({ relation: z.string() })),
  /** How many customers moved to the shop. */
  '/api/Store/changeCustomerShopOwnerId': poolCountResponse,
  '/api/Store/queryShopOwnerList': shopOwnerOptionsResponse,
  '/api/Store/queryShopOwnerRelation': storeUserOptionsResponse,
  '/api/Store/queryServerList': shopOptionsResponse,
  '/api/Store/findProjectClass': projectClassesResponse,
  '/api/Store/findProjectByType': projectsResponse,
  '/api/Store/findShopOwnerProjects': projectsResponse,
  '/api/Store/saveShopOwnerProject': noData,
  '/api/Store/queryBankName': bankNameResponse,
  '/api/Store/queryShopOwnerById': storeDetailResponse,
  // What registerRecordKind gives the kind (no team, follow-ups or transfer for shops).
  ...recordKindContracts('api/Store', storeKind.features),
} satisfies Record<string, z.ZodType>;
