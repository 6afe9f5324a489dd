import { recordKinds } from '@crm/shared';
import type { Tx } from '../../db/client.ts';
import { ensureFixedFields } from '../../fields/store.ts';

/** Every kind's fixed fields in its field set (run at start; what an administrator changed stays). */
export async function ensureRecordKindFields(db: Tx) {
  for (const kind of recordKinds)
    await ensureFixedFields(
      db,
      kind.label,
      0,
      kind.fixedFields.map((f) => ({ ...f, options: f.options ?? [], inputTips: f.inputTips ?? '' })),
    );
}
