// Clinic: project catalogue.
import { ensureCatalogueData } from '../clinic/catalogue/seed.ts';
import { ensureRecordKindFields } from '../crm/fields/service.ts';
import { ensureSystemCategories } from '../oa/examine/system-categories.ts';
import { ensureBuiltinDicts } from '../system/dict/builtin.ts';
import type { Db } from './client.ts';

/** What every database needs beside its migrations, whatever its data: run at each start, idempotent. */
export async function ensureSystemData(db: Db) {
  await ensureSystemCategories(db);
  await ensureRecordKindFields(db);
  await ensureBuiltinDicts(db);
  // Clinic: project catalogue.
  await ensureCatalogueData(db);
}
