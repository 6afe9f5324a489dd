import { z } from 'zod';
import { dictKinds } from '../schemas/dict.ts';
import { noData } from './common.ts';

/** Answers of the system dictionaries and the approval forms' lookups (docs/api/system-dict.md). */
export const dictTypeSchema = z.object({
  typeId: z.number().int(),
  kind: z.enum(dictKinds),
  code: z.string(),
  name: z.string(),
  /** Shipped with the product and read by a form: cannot be deleted or recoded. */
  builtin: z.boolean(),
  itemCount: z.number().int(),
});
export type DictType = z.infer<typeof dictTypeSchema>;
export const dictItemSchema = z.object({
  itemId: z.number().int(),
  typeId: z.number().int(),
  value: z.string(),
  name: z.string(),
  sort: z.number().int(),
});
export type DictItem = z.infer<typeof dictItemSchema>;
export const dictTypeListResponse = z.array(dictTypeSchema);
export const dictItemListResponse = z.array(dictItemSchema);
export const dictTypeIdResponse = z.object({ typeId: z.number().int() });
export const dictItemIdResponse = z.object({ itemId: z.number().int() });

export const dictLookupResponse = z.array(z.object({ dictValue: z.string(), dictName: z.string() }));
export const codeLookupResponse = z.array(z.object({ codeNo: z.string(), codeName: z.string() }));
/**
 * Type 1 departments and 3 leaders: id and name; type 2 posts: name. Leaders (the active staff)
 * also carry their department, post and job number: the person who moves is picked from them.
 */
export const adjustOptionsResponse = z.array(
  z.object({
    id: z.number().int().optional(),
    name: z.string(),
    deptId: z.number().int().nullable().optional(),
    post: z.string().optional(),
    jobNumber: z.string().optional(),
  }),
);
export const deptOptionsResponse = z.array(z.object({ value: z.number().int(), label: z.string() }));
export const designerListResponse = z.array(z.object({ userId: z.number().int(), realName: z.string() }));
export const taskTypesResponse = z.array(z.object({ taskId: z.number().int(), taskName: z.string() }));

export const dictContracts = {
  '/system/dict/queryTypes': dictTypeListResponse,
  '/system/dict/saveType': dictTypeIdResponse,
  '/system/dict/deleteType': noData,
  '/system/dict/queryItems': dictItemListResponse,
  '/system/dict/saveItem': dictItemIdResponse,
  '/system/dict/deleteItem': noData,
  '/OaExamine/queryDictList': dictLookupResponse,
  '/OaExamine/queryCodeList': codeLookupResponse,
  '/OaExamine/queryAdjustOptions': adjustOptionsResponse,
  '/OaExamine/queryDeptOptions': deptOptionsResponse,
  '/OaExamine/queryDesignerList': designerListResponse,
  '/OaExamine/queryTaskTypes': taskTypesResponse,
} as const;
