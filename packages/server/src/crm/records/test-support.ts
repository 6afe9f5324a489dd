import { customValuesOf, type FieldDefinition, savedIdResponse } from '@crm/shared';
import { expect } from 'vitest';
import type { z } from 'zod';
import { defineRoute } from '../../core/route.ts';
import { localDiskStorage } from '../../files/storage.ts';
import type { Answer, TestApp } from '../../test/harness.ts';
import { batchIds } from '../../test/people.ts';
import {
  createProbeTable,
  probeSaveSchema,
  probeServerKind,
  registerProbeFileOwner,
  reviewedProbeSaveSchema,
} from './probe-kind.ts';
import { onlyEditable, reviewAfterSave } from './review.ts';
import { type RecordKindOptions, registerRecordKind } from './routes.ts';
import { saveRecord } from './save.ts';

/** Test helpers of the record machinery: a kind's calls, and the test-only probe kind (probe-kind.ts). */

/**
 * Put the probe kind on this test app: its table, and the record calls every kind gets, served
 * from the app's own database, files and bus.
 */
export async function addProbeKind(t: TestApp, options: RecordKindOptions = {}, sk = probeServerKind) {
  await createProbeTable(t.database.db);
  const ctx = {
    db: t.database.db,
    config: t.config,
    storage: localDiskStorage(t.config.dataDir),
    bus: t.database.bus,
    registry: t.app.registry,
  };
  registerProbeFileOwner(ctx.registry);
  registerRecordKind(t.app, ctx, sk, options);
}

/**
 * CrmProbe/addOrUpdate, the save a real kind writes itself: through saveRecord with these custom
 * fields, under the customer permissions the probe borrows. A probe declared with `review` (the
 * reviewed probe) saves a draft or submits for review as a contract does, in the same transaction.
 */
export function addProbeSave(t: TestApp, customFields: () => Promise<FieldDefinition[]>, sk = probeServerKind) {
  const reviewed = sk.kind.review !== undefined;
  defineRoute(t.app, {
    method: 'POST',
    url: '/CrmProbe/addOrUpdate',
    access: { any: ['crm:customer:save', 'crm:customer:update'] },
    schema: reviewed ? reviewedProbeSaveSchema : probeSaveSchema,
    response: savedIdResponse,
    async handler({ input, user }) {
      const body = input as z.infer<typeof reviewedProbeSaveSchema>;
      const { probeId, batchId, checkStatus, ...fixed } = body.entity;
      const custom = await customFields();
      return t.database.db.transaction(async (tx) => {
        const saved = await saveRecord(tx, sk, custom, user, {
          id: probeId,
          batchId,
          fixed,
          custom: customValuesOf(body.field),
          ...(reviewed ? { restrict: onlyEditable } : {}),
        });
        if (reviewed)
          await reviewAfterSave(
            tx,
            t.app.registry.subjects,
            sk,
            saved,
            { creating: probeId === undefined, checkStatus, checkUserId: body.checkUserId },
            user,
          );
        return { id: saved.id };
      });
    },
  });
}

/**
 * A record kind's calls under `/<prefix>/` as one of the file's people (`call` from people()):
 * `post(who, url, body)`, fresh batchIds, and `create(who, entity)`: a save through the kind's
 * addOrUpdate that must succeed, answering the new record's id.
 */
export function kindCalls(call: (who: string, url: string, body?: unknown) => Promise<Answer>, prefix: string) {
  const batch = batchIds(`${prefix}-test`);
  const post = (who: string, url: string, body: unknown) => call(who, `/${prefix}/${url}`, body);
  return {
    post,
    batch,
    async create(who: string, entity: Record<string, unknown>) {
      const res = await post(who, 'addOrUpdate', { entity: { batchId: batch(), ...entity }, field: [] });
      expect(res.msg).toBe('success');
      return res.data.id as number;
    },
  };
}
