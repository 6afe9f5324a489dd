import { eq } from 'drizzle-orm';
import { userNames } from '../../../org/names.ts';
import type { FormStore } from './form-store.ts';
import { oaExamineBlocks } from './tables.ts';

/** A block that is only shown: JSON in `oa_examine_block`, keyed by the approval. */
export const blockStore = (type: string): FormStore => ({
  async save(tx, { examineId }, model) {
    const value = model as Record<string, unknown>;
    await tx
      .insert(oaExamineBlocks)
      .values({ examineId, type, model: value })
      .onConflictDoUpdate({ target: oaExamineBlocks.examineId, set: { model: value } });
  },
  async load(db, examineId) {
    const [r] = await db.select().from(oaExamineBlocks).where(eq(oaExamineBlocks.examineId, examineId));
    if (!r) return null;
    // A handover person (离职) is shown by name.
    const handover = r.model.handoverUser;
    if (typeof handover !== 'number') return r.model;
    return { ...r.model, handoverUserName: (await userNames(db, [handover])).get(handover) ?? '' };
  },
});
