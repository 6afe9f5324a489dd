import { customValuesOf, type FieldDefinition, savedIdResponse } from '@crm/shared';
import { defineRoute } from '../../core/route.ts';
import { localDiskStorage } from '../../files/storage.ts';
import type { TestApp } from '../../test/harness.ts';
import { createProbeTable, probeSaveSchema, probeServerKind } from './probe-kind.ts';
import { type RecordKindOptions, registerRecordKind } from './routes.ts';
import { saveRecord } from './save.ts';

/** Test helpers of the record machinery on the test-only probe kind (probe-kind.ts). */

/**
 * Put the probe kind on this test app: its table, and the record calls every kind gets, served
 * from the app's own database, files and bus.
 */
export async function addProbeKind(t: TestApp, options: RecordKindOptions = {}, sk = probeServerKind) {
  await createProbeTable(t.database.db);
  const ctx = { db: t.database.db, config: t.config, storage: localDiskStorage(t.config.dataDir), bus: t.database.bus };
  registerRecordKind(t.app, ctx, sk, options);
}

/**
 * CrmProbe/addOrUpdate, the save a real kind writes itself: through saveRecord with these custom
 * fields, under the customer permissions the probe borrows.
 */
export function addProbeSave(t: TestApp, customFields: () => Promise<FieldDefinition[]>) {
  defineRoute(t.app, {
    method: 'POST',
    url: '/CrmProbe/addOrUpdate',
    access: { any: ['crm:customer:save', 'crm:customer:update'] },
    schema: probeSaveSchema,
    response: savedIdResponse,
    async handler({ input, user }) {
      const { probeId, batchId, ...fixed } = input.entity;
      const saved = await saveRecord(t.database.db, probeServerKind, await customFields(), user, {
        id: probeId,
        batchId,
        fixed,
        custom: customValuesOf(input.field),
      });
      return { id: saved.id };
    },
  });
}
