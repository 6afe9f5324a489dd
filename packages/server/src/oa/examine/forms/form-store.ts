import type { SessionUser } from '../../../auth/session.ts';
import type { KindRegistry } from '../../../crm/records/registry.ts';
import type { Tx } from '../../../db/client.ts';

/**
 * How a dedicated type keeps its block: `save` writes it (replacing what an edited approval had)
 * in the submit's transaction, `load` reads it back as the detail loaders answer it. `remark`
 * is what the approval's own detail column shows (the general approval's 审批详情).
 */
export type FormStore = {
  save(
    tx: Tx,
    at: {
      examineId: number;
      userId: number;
      user: SessionUser;
      wrapper: Record<string, unknown>;
      /** The app's record kinds: a block linking a customer checks the applicant may read it. */
      kinds: KindRegistry;
    },
    model: unknown,
  ): Promise<void>;
  /** The block as `viewer` may read it (the additional order hides what their field permissions hide). */
  load(db: Tx, examineId: number, remark: string, viewer: SessionUser): Promise<unknown>;
  remark?(model: unknown): string;
  /** The type's own fields of the approval (definition `wrapper`), as the loaders answer them. */
  loadWrapper?(db: Tx, examineId: number): Promise<Record<string, unknown>>;
};
