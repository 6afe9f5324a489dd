import { z } from 'zod';
import { importStartResponse, importStatusResponse, originalImportStartResponse } from '../records/excel.ts';
import { apiTime, noData, pageOf, personSchema } from './common.ts';

/** Answers of the calls every record kind shares (docs/api/records.md). */

/**
 * A record as lists and details send it: the kind's id field (`customerId`), its fixed fields,
 * its custom values under their field names, and the system columns below.
 */
export const recordRowSchema = z
  .object({
    ownerUserId: z.number().int().nullable(),
    ownerUserName: z.string(),
    createUserId: z.number().int(),
    createUserName: z.string(),
    createTime: apiTime,
    updateTime: apiTime,
    nextTime: apiTime.nullable(),
  })
  .catchall(z.unknown());
export type RecordRow = z.infer<typeof recordRowSchema>;
export const recordPageResponse = pageOf(recordRowSchema);

/** What the viewer may do with one record, decided by the server (owner scope or team power). */
export const recordAccessSchema = z.object({ read: z.boolean(), write: z.boolean(), owner: z.boolean() });
/**
 * A detail: the record in `record` (our client) and its fields at the top of `data` too, where
 * the original WuKong client reads them (`res.data.customerName`, `res.data.batchId`).
 */
export const recordDetailResponse = z
  .object({ record: recordRowSchema, access: recordAccessSchema })
  .catchall(z.unknown());

/** The team: the owner (power 3) first, then the members (1 read-only, 2 read-write). */
export const teamMemberSchema = personSchema.extend({ power: z.union([z.literal(1), z.literal(2), z.literal(3)]) });
export const teamResponse = z.array(teamMemberSchema);

export const followUpSchema = z.object({
  followId: z.number().int(),
  /** The follow-up's id again, under the original client's name (its delete sends it back). */
  recordId: z.number().int(),
  category: z.string(),
  content: z.string(),
  nextTime: apiTime.nullable(),
  batchId: z.string(),
  contactsIds: z.array(z.number().int()),
  businessIds: z.array(z.number().int()),
  createUser: personSchema.nullable(),
  createTime: apiTime,
});
export const followUpPageResponse = pageOf(followUpSchema);

export const fieldChangeSchema = z.object({
  field: z.string(),
  name: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export const actionRecordSchema = z.object({
  actionId: z.number().int(),
  action: z.string(),
  detail: z.string(),
  changes: z.array(fieldChangeSchema),
  user: personSchema.nullable(),
  createTime: apiTime,
});
export const actionRecordResponse = z.array(actionRecordSchema);
/** `CrmRecord/queryRecordList {types, actionId}`: the log with the author and text where the original reads them. */
export const originalActionRecordResponse = z.array(
  actionRecordSchema.extend({ realname: z.string(), img: z.string(), content: z.string() }),
);

export const sceneSchema = z.object({
  sceneId: z.number().int(),
  name: z.string(),
  /** 1: the scene the list opens with. */
  isDefault: z.union([z.literal(0), z.literal(1)]),
  isSystem: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});
export type Scene = z.infer<typeof sceneSchema>;
export const sceneListResponse = z.array(sceneSchema);

/** One column of a kind's list for this user, in order. */
export const listColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  width: z.number().int().nullable(),
  hidden: z.boolean(),
  /** 1 fixed field or system column, 0 custom field. */
  fieldType: z.union([z.literal(0), z.literal(1)]),
  formType: z.string(),
});
export const listHeadResponse = z.array(listColumnSchema);
export const savedIdResponse = z.object({ id: z.number().int() });

/** `field/queryListHead {label}` (the original's list columns): what its table view reads. */
export const originalListHeadResponse = z.array(
  z.object({ fieldName: z.string(), name: z.string(), width: z.number().int().nullable(), formType: z.string() }),
);
/** `field/information {types, id}`: the detail's basic information, one row per field the viewer sees. */
export const fieldInformationResponse = z.array(
  z.object({ fieldName: z.string(), name: z.string(), formType: z.string(), value: z.unknown() }),
);
/** `scene/queryField {label}`: the fields a scene may filter on, with their options (`setting`). */
export const sceneFieldResponse = z.array(
  z.object({ fieldName: z.string(), name: z.string(), formType: z.string(), setting: z.array(z.unknown()) }),
);

/** The answers of the calls every record kind has (crm/records/routes.ts), by call name. */
const kindCalls = {
  queryPageList: recordPageResponse,
  queryById: recordDetailResponse,
  deleteByIds: noData,
  queryActionRecord: actionRecordResponse,
  transfer: noData,
  addRecord: savedIdResponse,
  getRecord: followUpPageResponse,
  getMembers: teamResponse,
  addMembers: noData,
  updateMembers: noData,
  deleteMembers: noData,
  queryScene: sceneListResponse,
  saveScene: savedIdResponse,
  deleteScene: noData,
  setDefaultScene: noData,
  queryListHead: listHeadResponse,
  setListHead: noData,
  excelImport: importStartResponse,
  uploadExcel: originalImportStartResponse,
  excelImportStatus: importStatusResponse,
};
type KindCalls = typeof kindCalls;
const featureCalls: Record<'transfer' | 'followUps' | 'team', (keyof KindCalls)[]> = {
  transfer: ['transfer'],
  followUps: ['addRecord', 'getRecord'],
  team: ['getMembers', 'addMembers', 'updateMembers', 'deleteMembers'],
};

/**
 * A kind's entries of the contract table: `/CrmCustomer/queryPageList` and the rest, without the
 * calls of features the kind does not use (a contract is never listed without its route).
 */
export function recordKindContracts<P extends string>(
  prefix: P,
  features: { transfer: boolean; followUps: boolean; team: boolean },
): { [K in keyof KindCalls as `/${P}/${K}`]: KindCalls[K] } {
  const left = new Set(
    (Object.keys(featureCalls) as (keyof typeof featureCalls)[])
      .filter((f) => !features[f])
      .flatMap((f) => featureCalls[f]),
  );
  return Object.fromEntries(
    Object.entries(kindCalls)
      .filter(([call]) => !left.has(call as keyof KindCalls))
      .map(([call, schema]) => [`/${prefix}/${call}`, schema]),
  ) as { [K in keyof KindCalls as `/${P}/${K}`]: KindCalls[K] };
}

/** The answers as types, for the web's record pages. */
export type RecordPage = z.infer<typeof recordPageResponse>;
export type RecordDetail = z.infer<typeof recordDetailResponse>;
export type RecordAccess = z.infer<typeof recordAccessSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type FollowUp = z.infer<typeof followUpSchema>;
export type FollowUpPage = z.infer<typeof followUpPageResponse>;
export type ActionRecord = z.infer<typeof actionRecordSchema>;
export type ListColumn = z.infer<typeof listColumnSchema>;
export type SavedId = z.infer<typeof savedIdResponse>;
