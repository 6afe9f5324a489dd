import {
  actionRecordResponse,
  addFollowUpSchema,
  addMembersSchema,
  crmRecordIdSchema,
  crmRecordIdsSchema,
  deleteMembersSchema,
  type FieldDefinition,
  followUpListSchema,
  followUpPageResponse,
  forKind,
  listHeadResponse,
  noData,
  recordDetailResponse,
  recordListSchema,
  recordPageResponse,
  savedIdResponse,
  saveSceneSchema,
  sceneIdSchema,
  sceneListResponse,
  setListHeadSchema,
  type TransferInput,
  teamResponse,
  transferSchemaOf,
  updateMembersSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../core/access.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import type { Tx } from '../../db/client.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { loadRecord } from './access.ts';
import { availableColumns, listHead } from './columns.ts';
import { computedValues } from './computed.ts';
import type { ExcelImportOptions } from './excel/import.ts';
import { registerExcelRoutes } from './excel/routes.ts';
import { withoutHidden } from './field-access.ts';
import { addFollowUp, listFollowUps } from './follow-ups.ts';
import type { ServerKind } from './kind.ts';
import { type ComputedColumn, recordPage } from './list.ts';
import { listActions } from './log.ts';
import { readAccess } from './readable.ts';
import { deleteRecords } from './remove.ts';
import { type OnApproved, withReview } from './review.ts';
import { detailRow } from './row.ts';
import { deleteScene, listScenes, saveColumns, saveScene, setDefaultScene, userListSetting } from './scenes.ts';
import { addMembers, deleteMembers, getMembers, updateMembers } from './team.ts';
import { transferRecords } from './transfer.ts';

export type RecordKindOptions = {
  /**
   * The kind's custom field definitions, read per request so a new field shows at once; the
   * field store's set of the kind's label unless given (tests give their own).
   */
  customFields?: (db: Tx) => Promise<FieldDefinition[]>;
  /** The kind's own refusal before records are deleted. */
  beforeDelete?: (tx: Tx, rows: Record<string, unknown>[]) => Promise<void>;
  /** What follows a transferred record (a customer's contacts, opportunities, contracts). */
  onTransfer?: (tx: Tx, ids: number[], newOwnerId: number, input: TransferInput) => Promise<void>;
  /** The kind's save schema and save for Excel import rows (excel/import.ts); the generic checks otherwise. */
  excelImport?: ExcelImportOptions;
  /** The kind's computed list columns (read per request: they may depend on settings). */
  computedColumns?: (db: Tx) => Promise<Record<string, ComputedColumn>>;
  /** A reviewed kind's step when one of its records is approved at last (review.ts). */
  onApproved?: OnApproved;
};

/**
 * Register the calls every record kind answers under its prefix (`/CrmCustomer/...`): the list
 * with scenes and columns, the detail, deletion, and — where the descriptor says so — team
 * members and follow-ups, plus the operation log and the Excel export and import. A kind's save call and its own calls are its
 * module's; everything here reads the descriptor and the server mapping only.
 */
export function registerRecordKind(app: FastifyInstance, ctx: Ctx, sk: ServerKind, options: RecordKindOptions = {}) {
  // A kind declaring `review` gets the approval engine's hooks, columns and cleanup (review.ts).
  const opts = withReview(ctx.registry.subjects, sk, {
    customFields: (db: Tx) => customFieldsOf(db, sk.kind.label),
    ...options,
  });
  ctx.registry.kinds.register(sk, opts);
  const { db } = ctx;
  const p = `/${sk.routePrefix}`;
  const perm = sk.kind.permission;
  const can = (action: string) => `${perm}:${action}`;

  defineRoute(app, {
    method: 'POST',
    url: `${p}/queryPageList`,
    access: can('index'),
    schema: recordListSchema,
    response: recordPageResponse,
    async handler({ input, user }) {
      // Two independent reads (the kind's custom fields, its settings-dependent columns) side by side.
      const [custom, computed] = await Promise.all([opts.customFields(db), opts.computedColumns?.(db)]);
      return recordPage(db, sk, custom, user, input, [], { computed });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${p}/queryById`,
    access: can('read'),
    schema: forKind(crmRecordIdSchema, sk.kind),
    response: recordDetailResponse,
    async handler({ input, user }) {
      const computed = await opts.computedColumns?.(db);
      const fields = await readAccess(db, user, sk, computed);
      const { row, access } = await loadRecord(db, sk, user, input.id, 'read', { hidden: fields.hidden });
      const record = await detailRow(db, sk, row);
      // The kind's computed columns (an opportunity's customerName, a contract's received money).
      Object.assign(record, await computedValues(db, sk, input.id, computed, fields.hidden));
      const shown = withoutHidden(record, fields);
      // The record at the top of `data` as well: the original client reads it there.
      return { ...shown, record: shown, access };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${p}/deleteByIds`,
    access: can('delete'),
    schema: forKind(crmRecordIdsSchema, sk.kind),
    response: noData,
    handler: ({ input, user }) =>
      deleteRecords(db, ctx.storage, ctx.registry.recordDeletes, sk, user, input.ids, opts.beforeDelete),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${p}/queryActionRecord`,
    access: can('read'),
    schema: forKind(crmRecordIdSchema, sk.kind),
    response: actionRecordResponse,
    handler: ({ input, user }) => listActions(db, sk, user, input.id),
  });

  if (sk.kind.features.transfer) {
    defineRoute(app, {
      method: 'POST',
      url: `${p}/${sk.kind.transferCall ?? 'transfer'}`,
      access: can('transfer'),
      schema: forKind(transferSchemaOf(sk.kind), sk.kind),
      response: noData,
      handler: ({ input, user }) => transferRecords(db, sk, user, input, opts.onTransfer),
    });
  }

  if (sk.kind.features.followUps) {
    defineRoute(app, {
      method: 'POST',
      url: `${p}/addRecord`,
      access: can('read'),
      schema: forKind(addFollowUpSchema, sk.kind, { typesId: 'id' }),
      response: savedIdResponse,
      handler: async ({ input, user }) => ({ id: await addFollowUp(db, sk, user, input) }),
    });
    defineRoute(app, {
      method: 'POST',
      url: `${p}/getRecord`,
      access: can('read'),
      schema: forKind(followUpListSchema, sk.kind),
      response: followUpPageResponse,
      handler: ({ input, user }) => listFollowUps(db, sk, user, input),
    });
  }

  if (sk.kind.features.team) {
    defineRoute(app, {
      method: 'POST',
      url: `${p}/getMembers`,
      access: can('read'),
      schema: forKind(crmRecordIdSchema, sk.kind),
      response: teamResponse,
      handler: ({ input, user }) => getMembers(db, sk, user, input.id),
    });
    defineRoute(app, {
      method: 'POST',
      url: `${p}/addMembers`,
      access: can('teamsave'),
      schema: forKind(addMembersSchema, sk.kind),
      response: noData,
      handler: ({ input, user }) => addMembers(db, sk, user, input),
    });
    defineRoute(app, {
      method: 'POST',
      url: `${p}/updateMembers`,
      access: can('teamsave'),
      schema: forKind(updateMembersSchema, sk.kind),
      response: noData,
      handler: ({ input, user }) => updateMembers(db, sk, user, input),
    });
    defineRoute(app, {
      method: 'POST',
      url: `${p}/deleteMembers`,
      access: { any: [can('teamsave'), can('read')] },
      schema: forKind(deleteMembersSchema, sk.kind),
      response: noData,
      handler: ({ input, user }) => deleteMembers(db, sk, user, input, hasPermission(user, can('teamsave'))),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: `${p}/queryScene`,
    access: can('index'),
    response: sceneListResponse,
    handler: ({ user }) => listScenes(db, sk, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${p}/saveScene`,
    access: can('index'),
    schema: saveSceneSchema,
    response: savedIdResponse,
    handler: async ({ input, user }) => ({ id: await saveScene(db, sk, user, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${p}/deleteScene`,
    access: can('index'),
    schema: sceneIdSchema,
    response: noData,
    handler: ({ input, user }) => deleteScene(db, sk, user, input.sceneId),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${p}/setDefaultScene`,
    access: can('index'),
    schema: sceneIdSchema,
    response: noData,
    handler: ({ input, user }) => setDefaultScene(db, sk, user, input.sceneId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${p}/queryListHead`,
    access: can('index'),
    response: listHeadResponse,
    async handler({ user }) {
      const setting = await userListSetting(db, sk, user);
      const computed = await opts.computedColumns?.(db);
      const { hidden } = await readAccess(db, user, sk, computed);
      return listHead(sk, await opts.customFields(db), setting?.columns, computed, hidden);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${p}/setListHead`,
    access: can('index'),
    schema: setListHeadSchema,
    response: noData,
    async handler({ input, user }) {
      const computed = await opts.computedColumns?.(db);
      const { hidden } = await readAccess(db, user, sk, computed);
      const known = new Set(availableColumns(sk, await opts.customFields(db), computed, hidden).map((c) => c.key));
      await saveColumns(db, sk, user, known, input);
    },
  });

  registerExcelRoutes(app, ctx, sk, opts.customFields, opts.excelImport ?? {});
}
