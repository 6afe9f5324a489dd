import {
  actionLogSchema,
  addSceneSchema,
  backlogListSchema,
  backlogLists,
  backlogTabMissing,
  columnWidthSchema,
  fieldInformationResponse,
  fieldInformationSchema,
  kindLabelSchema,
  ModuleCode,
  noData,
  originalActionRecordResponse,
  originalListHeadResponse,
  originalListTypes,
  RecordMsg,
  recordKinds,
  recordPageResponse,
  type SystemSceneKey,
  savedIdResponse,
  sceneFieldResponse,
  sceneListResponse,
  sceneOfTypeSchema,
  sceneTypeSchema,
  systemSceneIds,
  updateSceneSchema,
} from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import type { Tx } from '../../db/client.ts';
import { readableFields } from '../fields/service.ts';
import { backlogExtraTabs } from '../original/backlog-tabs.ts';
import { loadRecord } from './access.ts';
import { availableColumns, listHead } from './columns.ts';
import { fieldAccessFor } from './field-access.ts';
import type { ServerKind } from './kind.ts';
import { recordPage } from './list.ts';
import { listActions } from './log.ts';
import type { KindRegistry } from './registry.ts';
import { detailRow } from './row.ts';
import { deleteScene, listScenes, saveColumns, saveScene, setDefaultScene, userListSetting } from './scenes.ts';
import { scenes } from './tables.ts';

/**
 * The original WuKong client's calls that name a kind by its module code (`label`, `types`,
 * `type`) instead of by path (issue 20, docs/api.md "Aliases"). Each finds the kind and then
 * checks what the kind's own call checks (`crm:<kind>:index` for lists and scenes, read access to
 * the record for its information); the pool's list head (label 9) is the customers' columns,
 * read with the pool's permission.
 */
const listReaders = { any: [...recordKinds.map((k) => `${k.permission}:index`), 'crm:pool:index'] };

function kindOf(kinds: KindRegistry, label: number): ServerKind {
  const sk = kinds.of(label === ModuleCode.pool ? ModuleCode.customer : label);
  if (!sk) throw badRequest('该模块不支持此操作');
  return sk;
}

/** The kind of a label whose lists the user may read (the pool by its own permission). */
export function listedKind(kinds: KindRegistry, user: SessionUser, label: number): ServerKind {
  const sk = kindOf(kinds, label);
  requirePermission(user, label === ModuleCode.pool ? 'crm:pool:index' : `${sk.kind.permission}:index`);
  return sk;
}

/** The kind of a saved scene of this user (the original names a scene by id alone). */
async function sceneKind(
  db: Tx,
  kinds: KindRegistry,
  user: SessionUser,
  sceneId: number,
  type: number | undefined,
): Promise<ServerKind> {
  if (type !== undefined) return listedKind(kinds, user, type);
  if (sceneId < 0) throw badRequest(RecordMsg.sceneNotFound); // a system scene is every kind's: say which
  const [row] = await db
    .select({ label: scenes.label })
    .from(scenes)
    .where(and(eq(scenes.id, sceneId), eq(scenes.userId, user.userId)));
  if (!row) throw notFound(RecordMsg.sceneNotFound);
  return listedKind(kinds, user, row.label);
}

export function registerOriginalRecordCalls(app: FastifyInstance, { db, registry }: Ctx): void {
  const { kinds } = registry;
  // The to-do lists: a tab is the kind's system scene of that name, listed as the kind's list is.
  for (const [call, list] of Object.entries(backlogLists)) {
    defineRoute(app, {
      method: 'POST',
      url: `/CrmBackLog/${call}`,
      access: listReaders,
      schema: backlogListSchema,
      response: recordPageResponse,
      async handler({ input, user }) {
        const sk = listedKind(kinds, user, list.label);
        const scene = (list.tabs as Record<number, SystemSceneKey | undefined>)[input.type ?? 1];
        // A tab that is no scene of ours is a condition on the 全部 list (crm/original/backlog-tabs.ts).
        const extra = scene ? undefined : backlogExtraTabs[call]?.[input.type ?? 1];
        if (!scene && !extra) throw badRequest(backlogTabMissing);
        const { type: _t, isSub: _s, ...page } = input;
        const columns = kinds.columnsOf(sk.kind.label)!;
        const [custom, computed] = await Promise.all([columns.customFields(db), columns.computedColumns?.(db)]);
        const sceneId = systemSceneIds[scene ?? 'all'];
        return recordPage(db, sk, custom, user, { ...page, sceneId }, extra ? [extra(user)] : [], { computed });
      },
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: '/field/queryListHead',
    access: listReaders,
    schema: kindLabelSchema,
    response: originalListHeadResponse,
    async handler({ input, user }) {
      const sk = listedKind(kinds, user, input.label);
      const columns = kinds.columnsOf(sk.kind.label)!;
      const [custom, computed, setting, access] = await Promise.all([
        columns.customFields(db),
        columns.computedColumns?.(db),
        userListSetting(db, sk, user),
        fieldAccessFor(db, user, sk.kind),
      ]);
      // The original's table shows every column it is given: only the ones shown here.
      return listHead(sk, custom, setting?.columns, computed, access.hidden)
        .filter((c) => !c.hidden)
        .map((c) => ({ fieldName: c.key, name: c.name, width: c.width, formType: c.formType }));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/field/setFelidStyle',
    access: listReaders,
    schema: columnWidthSchema,
    response: noData,
    async handler({ input, user }) {
      const sk = listedKind(kinds, user, originalListTypes[input.types]);
      const columns = kinds.columnsOf(sk.kind.label)!;
      const [custom, computed, setting, access] = await Promise.all([
        columns.customFields(db),
        columns.computedColumns?.(db),
        userListSetting(db, sk, user),
        fieldAccessFor(db, user, sk.kind),
      ]);
      // The user's whole arrangement as it shows now, with the one column's new width.
      const head = listHead(sk, custom, setting?.columns, computed, access.hidden);
      if (!head.some((c) => c.key === input.field)) throw badRequest(RecordMsg.columnsInvalid);
      const known = new Set(availableColumns(sk, custom, computed, access.hidden).map((c) => c.key));
      const arranged = head.map((c) => ({
        key: c.key,
        hidden: c.hidden,
        ...(c.key === input.field ? { width: input.width } : c.width === null ? {} : { width: c.width }),
      }));
      await saveColumns(db, sk, user, known, { columns: arranged });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/field/information',
    access: { any: recordKinds.map((k) => `${k.permission}:read`) },
    schema: fieldInformationSchema,
    response: fieldInformationResponse,
    async handler({ input, user }) {
      const sk = kindOf(kinds, input.types);
      requirePermission(user, `${sk.kind.permission}:read`);
      const { row } = await loadRecord(db, sk, user, input.id, 'read');
      const fields = await readableFields(db, user, sk.kind);
      const record = await detailRow(db, sk, row);
      return fields.map((f) => ({
        fieldName: f.fieldName,
        name: f.name,
        formType: f.formType,
        value: record[f.fieldName] ?? null,
      }));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmRecord/queryRecordList',
    access: { any: recordKinds.map((k) => `${k.permission}:read`) },
    schema: actionLogSchema,
    response: originalActionRecordResponse,
    async handler({ input, user }) {
      const sk = kindOf(kinds, input.types);
      requirePermission(user, `${sk.kind.permission}:read`);
      const log = await listActions(db, sk, user, input.actionId);
      return log.map((a) => ({ ...a, realname: a.user?.realname ?? '', img: a.user?.img ?? '', content: a.detail }));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/scene/queryScene',
    access: listReaders,
    schema: sceneTypeSchema,
    response: sceneListResponse,
    handler: ({ input, user }) => listScenes(db, listedKind(kinds, user, input.type), user),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/scene/queryField',
    access: listReaders,
    schema: kindLabelSchema,
    response: sceneFieldResponse,
    async handler({ input, user }) {
      const sk = listedKind(kinds, user, input.label);
      const fields = await readableFields(db, user, sk.kind);
      return fields.map((f) => ({
        fieldName: f.fieldName,
        name: f.name,
        formType: f.formType,
        setting: f.options ?? [],
      }));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/scene/addScene',
    access: listReaders,
    schema: addSceneSchema,
    response: savedIdResponse,
    async handler({ input, user }) {
      const { type, ...scene } = input;
      return { id: await saveScene(db, listedKind(kinds, user, type), user, scene) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/scene/updateScene',
    access: listReaders,
    schema: updateSceneSchema,
    response: savedIdResponse,
    async handler({ input, user }) {
      const { type, ...scene } = input;
      return { id: await saveScene(db, await sceneKind(db, kinds, user, scene.sceneId, type), user, scene) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/scene/setDefaultScene',
    access: listReaders,
    schema: sceneOfTypeSchema,
    response: noData,
    handler: async ({ input, user }) =>
      setDefaultScene(db, await sceneKind(db, kinds, user, input.sceneId, input.type), user, input.sceneId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/scene/deleteScene',
    access: listReaders,
    schema: sceneOfTypeSchema,
    response: noData,
    handler: async ({ input, user }) =>
      deleteScene(db, await sceneKind(db, kinds, user, input.sceneId, input.type), user, input.sceneId),
  });
}
