import type { z } from 'zod';
import { importJobSchema, recordExportSchema } from '../../records/excel.ts';
import type { RecordKind } from '../../records/kind.ts';
import { forKind } from '../../records/original.ts';
import {
  addFollowUpSchema,
  addMembersSchema,
  crmRecordIdSchema,
  crmRecordIdsSchema,
  deleteMembersSchema,
  followUpListSchema,
  recordListSchema,
  saveSceneSchema,
  sceneIdSchema,
  setListHeadSchema,
  transferSchemaOf,
  updateMembersSchema,
} from '../../records/schemas.ts';
import type { Loose } from './loose.ts';

/**
 * What the calls every record kind answers read (crm/records/routes.ts, excel/routes.ts), by call
 * name, as one kind reads them: `forKind` adds the kind's original id names and is made once per
 * (schema, kind), so these are the very objects the routes parse with.
 */
const kindInputs = (kind: RecordKind) => ({
  queryPageList: recordListSchema,
  queryById: forKind(crmRecordIdSchema, kind),
  deleteByIds: forKind(crmRecordIdsSchema, kind),
  queryActionRecord: forKind(crmRecordIdSchema, kind),
  transfer: forKind(transferSchemaOf(kind), kind),
  addRecord: forKind(addFollowUpSchema, kind, { typesId: 'id' }),
  getRecord: forKind(followUpListSchema, kind),
  getMembers: forKind(crmRecordIdSchema, kind),
  addMembers: forKind(addMembersSchema, kind),
  updateMembers: forKind(updateMembersSchema, kind),
  deleteMembers: forKind(deleteMembersSchema, kind),
  saveScene: saveSceneSchema,
  deleteScene: sceneIdSchema,
  setDefaultScene: sceneIdSchema,
  setListHead: setListHeadSchema,
  excelExport: recordExportSchema,
  excelImportStatus: importJobSchema,
  excelImportReport: importJobSchema,
});
type KindInputs = ReturnType<typeof kindInputs>;
/**
 * The body of a call every record kind answers, by call name (`KindInput<'queryPageList'>`): the
 * same fields for every kind, for the web's generic record pages, which build paths at run time.
 */
export type KindInput<C extends keyof KindInputs> = Loose<z.input<KindInputs[C]>>;
const featureCalls: Record<'transfer' | 'followUps' | 'team', (keyof KindInputs)[]> = {
  transfer: ['transfer'],
  followUps: ['addRecord', 'getRecord'],
  team: ['getMembers', 'addMembers', 'updateMembers', 'deleteMembers'],
};

/**
 * A kind's entries of the input contracts: `/CrmCustomer/queryPageList` and the rest, without the
 * calls of features the kind does not use. The owner change sits at the kind's `transferCall`
 * (leads: `changeOwnerUser`), which the type does not follow: such a kind's map names it itself.
 */
export function recordKindInputs<P extends string>(
  prefix: P,
  kind: RecordKind,
): { [K in keyof KindInputs as `/${P}/${K}`]: KindInputs[K] } {
  const left = new Set(
    (Object.keys(featureCalls) as (keyof typeof featureCalls)[])
      .filter((f) => !kind.features[f])
      .flatMap((f) => featureCalls[f]),
  );
  return Object.fromEntries(
    Object.entries(kindInputs(kind))
      .filter(([call]) => !left.has(call as keyof KindInputs))
      .map(([call, schema]) => [`/${prefix}/${call === 'transfer' ? (kind.transferCall ?? call) : call}`, schema]),
  ) as never;
}
