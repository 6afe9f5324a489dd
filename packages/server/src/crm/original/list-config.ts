import {
  fieldConfigQuerySchema,
  fieldConfigResponse,
  fieldConfigSchema,
  noData,
  recordKinds,
  sceneConfigQuerySchema,
  sceneConfigResponse,
  sceneConfigSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import type { Tx } from '../../db/client.ts';
import { availableColumns, listHead } from '../records/columns.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import type { ServerKind } from '../records/kind.ts';
import { listedKind } from '../records/original-routes.ts';
import type { KindRegistry } from '../records/registry.ts';
import { arrangedScenes, arrangeScenes, saveColumns, userListSetting } from '../records/scenes.ts';

/**
 * The original client's 列设置 and 场景设置 dialogs, keyed by the kind's module code (the pool's
 * label 9 is the customers' columns): per user, as the kind's own `queryListHead` / `setListHead`
 * and scene picker keep them (crm/records/scenes.ts).
 */
const listReaders = { any: [...recordKinds.map((k) => `${k.permission}:index`), 'crm:pool:index'] };

/** The user's columns of the kind as they show now, and every key they may arrange. */
async function columnsOf(db: Tx, kinds: KindRegistry, sk: ServerKind, user: SessionUser) {
  const columns = kinds.columnsOf(sk.kind.label)!;
  const [custom, computed, setting, access] = await Promise.all([
    columns.customFields(db),
    columns.computedColumns?.(db),
    userListSetting(db, sk, user),
    fieldAccessFor(db, user, sk.kind),
  ]);
  return {
    head: listHead(sk, custom, setting?.columns, computed, access.hidden),
    known: new Set(availableColumns(sk, custom, computed, access.hidden).map((c) => c.key)),
  };
}

export function registerListConfigRoutes(app: FastifyInstance, { db, registry }: Ctx): void {
  const { kinds } = registry;
  defineRoute(app, {
    method: 'POST',
    url: '/field/queryFieldConfig',
    access: listReaders,
    schema: fieldConfigQuerySchema,
    response: fieldConfigResponse,
    async handler({ input, user }) {
      const { head } = await columnsOf(db, kinds, listedKind(kinds, user, input.label), user);
      const item = (c: (typeof head)[number]) => ({
        id: c.key,
        fieldName: c.key,
        name: c.name,
        width: c.width,
        formType: c.formType,
      });
      return { value: head.filter((c) => !c.hidden).map(item), hideValue: head.filter((c) => c.hidden).map(item) };
    },
  });

  // The shown columns in the order given, then the hidden ones; each keeps its width.
  defineRoute(app, {
    method: 'POST',
    url: '/field/fieldConfig',
    access: listReaders,
    schema: fieldConfigSchema,
    response: noData,
    async handler({ input, user }) {
      const sk = listedKind(kinds, user, input.label);
      const { head, known } = await columnsOf(db, kinds, sk, user);
      const widths = new Map(head.map((c) => [c.key, c.width]));
      const column = (key: string, hidden: boolean) => {
        const width = widths.get(key);
        return { key, hidden, ...(width === null || width === undefined ? {} : { width }) };
      };
      await saveColumns(db, sk, user, known, {
        columns: [...input.noHideIds.map((k) => column(k, false)), ...input.hideIds.map((k) => column(k, true))],
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/scene/querySceneConfig',
    access: listReaders,
    schema: sceneConfigQuerySchema,
    response: sceneConfigResponse,
    async handler({ input, user }) {
      const { shown, hidden } = await arrangedScenes(db, listedKind(kinds, user, input.type), user);
      return { value: shown, hide_value: hidden };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/scene/sceneConfig',
    access: listReaders,
    schema: sceneConfigSchema,
    response: noData,
    handler: ({ input, user }) =>
      arrangeScenes(db, listedKind(kinds, user, input.type), user, { shown: input.noHideIds, hidden: input.hideIds }),
  });
}
