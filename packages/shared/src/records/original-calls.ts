import { z } from 'zod';
import { idField, intField, optionalInt } from '../schemas/fields.ts';
import { CrmFieldMsg } from './field-calls.ts';
import type { SystemSceneKey } from './kind.ts';
import { RecordMsg, recordListSchema, saveSceneSchema } from './schemas.ts';

/**
 * The original WuKong client's calls keyed by a kind's module code rather than its path
 * (issue 20, wire-wukong9.md): `field/queryListHead {label}`, `field/information {types, id}`,
 * `scene/* {type}`. They reach the same services as the kind's own calls (`/CrmCustomer/queryScene`).
 */
const kindLabel = intField(CrmFieldMsg.labelUnknown, { min: 1, max: 32767 });

export const kindLabelSchema = z.object({ label: kindLabel });
export const fieldInformationSchema = z.object({ types: kindLabel, id: idField(RecordMsg.notFound) });
export const sceneTypeSchema = z.object({ type: kindLabel });
/** `CrmRecord/queryRecordList`: a record's operation log, the kind by `types`. */
export const actionLogSchema = z.object({ types: kindLabel, actionId: idField(RecordMsg.notFound) });

/** The original sends a scene's filters as a JSON text (`data: JSON.stringify(obj)`). */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v; // refused by the filter schema with its message
  }
};
const sceneBody = z.object({
  ...saveSceneSchema.shape,
  data: z.preprocess(jsonText, saveSceneSchema.shape.data),
  isDefault: z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v), saveSceneSchema.shape.isDefault),
});
export const addSceneSchema = sceneBody.omit({ sceneId: true }).extend({ type: kindLabel });
/** An edit names the scene; its kind is the scene's own (`type` is not sent). */
export const updateSceneSchema = sceneBody.extend({
  sceneId: idField(RecordMsg.sceneNotFound),
  type: optionalInt(CrmFieldMsg.labelUnknown),
});
/** A saved scene by id; a system scene (negative id) also needs the kind's `type`. */
export const sceneOfTypeSchema = z.object({
  sceneId: intField(RecordMsg.sceneNotFound),
  type: optionalInt(CrmFieldMsg.labelUnknown),
});

/**
 * The original's CRM to-do lists (`CrmBackLog/todayCustomer`, … : its 待办事项 page), each a tab
 * `type` of one kind's list. A tab we hold as a system scene of the kind is that scene's list
 * (the same rows its `CrmBackLog/num` tile counts); `isSub` (mine / my subordinates') is not read:
 * the scenes follow the viewer's data scope.
 */
export const backlogLists = {
  todayCustomer: { label: 2, tabs: { 1: 'contactToday' } },
  followLeads: { label: 1, tabs: { 1: 'followUp' } },
  followCustomer: { label: 2, tabs: { 1: 'notFollowed' } },
  checkContract: { label: 6, tabs: { 1: 'toReview' } },
  checkReceivables: { label: 7, tabs: { 1: 'toReview' } },
  endContract: { label: 6, tabs: { 1: 'expiring', 2: 'expired' } },
} as const satisfies Record<string, { label: number; tabs: Record<number, SystemSceneKey> }>;
export const backlogTabMissing = '暂不支持该分类的待办列表';

export const backlogListSchema = recordListSchema.omit({ sceneId: true }).extend({
  type: optionalInt(backlogTabMissing),
  isSub: optionalInt(backlogTabMissing),
});

/** The original's `types` names of the kinds' lists (`crm_customer_pool`: the pool, the customers' columns). */
export const originalListTypes = {
  crm_leads: 1,
  crm_customer: 2,
  crm_contacts: 3,
  crm_product: 4,
  crm_business: 5,
  crm_contract: 6,
  crm_receivables: 7,
  crm_customer_pool: 9,
} as const;

/** `field/setFelidStyle`: one column's width, dragged in the original's table. */
export const columnWidthSchema = z.object({
  types: z.enum(Object.keys(originalListTypes) as [keyof typeof originalListTypes], {
    error: CrmFieldMsg.labelUnknown,
  }),
  field: z.string({ error: RecordMsg.columnsInvalid }).regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, {
    error: RecordMsg.columnsInvalid,
  }),
  width: intField(RecordMsg.columnsInvalid, { min: 40, max: 1000 }),
});
