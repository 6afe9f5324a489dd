import {
  commonScenes,
  type FieldDefinition,
  fixedShape,
  type ModuleCode,
  optionalId,
  type RecordKind,
  recordSaveSchema,
  reviewBodyFields,
  reviewEntityFields,
  reviewStatusColumn,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { AppRegistry } from '../../registry.ts';
import { recordFileOwner } from './files.ts';
import { fixedColumns, type ServerKind } from './kind.ts';

/**
 * A record kind that exists only in tests: the machinery is proven generic on a kind that is a
 * descriptor, a table and this mapping, nothing else. It borrows the customer permissions so the
 * seeded roles and their data scopes apply.
 */
export const probeKind: RecordKind = {
  key: 'probe',
  label: 98 as ModuleCode,
  name: '样品',
  nameEn: 'Probe',
  permission: 'crm:customer',
  table: 'crm_probe',
  idField: 'probeId',
  nameField: 'probeName',
  fixedFields: [
    {
      fieldName: 'probeName',
      column: { type: 'varchar' },
      name: '样品名称',
      nameEn: 'Name',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 50,
    },
    {
      fieldName: 'amount',
      column: { type: 'numeric(12, 2)', nullable: true },
      name: '金额',
      nameEn: 'Amount',
      formType: 'floatnumber',
      isNull: 0,
      isUnique: 0,
    },
  ],
  defaultColumns: ['probeName', 'updateTime'],
  systemScenes: commonScenes,
  features: { team: true, followUps: true, attachments: true, transfer: true },
  // Declared only: its transfer accepts contacts in `carry` and refuses any other kind.
  transferCarry: [{ key: 'contacts', changeType: '2' }],
  // Others link to it by fields of this type (link.test.ts): the designer, the forms and the export find it.
  link: { formType: 'probe' },
};

/**
 * The probe reviewed on the approval engine: the same declaration with `review` (its category
 * `crm_probe`, which review.test.ts creates) and the review's state as a read column. Nothing
 * else names it: the machinery reads the declaration (crm/records/review.ts).
 */
export const reviewedProbeKind: RecordKind = {
  ...probeKind,
  review: { categoryType: 98, subject: 'probe', category: 'crm_probe' },
  readColumns: [reviewStatusColumn],
};

export const probeServerKind: ServerKind = {
  kind: probeKind,
  routePrefix: 'CrmProbe',
  table: 'crm_probe',
  idColumn: 'probe_id',
  columns: fixedColumns(probeKind),
};

/** The reviewed probe's mapping: its columns derive the review's state from the declaration too. */
export const reviewedProbeServerKind: ServerKind = {
  ...probeServerKind,
  kind: reviewedProbeKind,
  columns: fixedColumns(reviewedProbeKind),
};

export const probeCustomFields: FieldDefinition[] = [
  {
    fieldId: 1,
    fieldName: 'field_color',
    name: '颜色',
    formType: 'select',
    isNull: 0,
    isUnique: 0,
    options: ['红', '蓝'],
    inputTips: '',
  },
  {
    fieldId: 2,
    fieldName: 'field_size',
    name: '尺寸',
    formType: 'number',
    isNull: 0,
    isUnique: 1,
    options: [],
    inputTips: '',
  },
];

/** The probe's table: its fixed columns and the columns every kind's table has (kind.ts `recordColumns`). */
export async function createProbeTable(db: Tx) {
  await db.execute(sql`create table crm_probe (
    probe_id serial primary key,
    probe_name varchar(50) not null,
    amount numeric(12, 2),
    owner_user_id integer,
    create_user_id integer not null,
    fields jsonb not null default '{}',
    batch_id varchar(40) not null unique,
    next_time timestamptz,
    search_key text,
    check_status smallint not null default 5,
    examine_record_id integer,
    create_time timestamptz not null default now(),
    update_time timestamptz not null default now()
  )`);
}

/** The probe's entity: its rules derived from the declaration, its amount its own. */
const probeEntity = {
  probeId: optionalId('样品不存在'),
  ...fixedShape(probeKind, {
    amount: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ error: '金额格式有误' }).optional(),
    ),
  }),
};
/** The probe's save call. */
export const probeSaveSchema = recordSaveSchema(probeEntity);
/** The reviewed probe's save: draft or submit, and the approver a chosen flow goes to (as a contract's). */
export const reviewedProbeSaveSchema = recordSaveSchema({ ...probeEntity, ...reviewEntityFields }).extend(
  reviewBodyFields,
);

/** Who sees the probe's files: its readers (test-support.ts `addProbeKind` declares it on the test's app). */
export function registerProbeFileOwner(registry: AppRegistry): void {
  registry.fileOwners.register(
    'crm_probe',
    recordFileOwner(() => probeServerKind),
  );
}
