import type { SessionUser } from '../../../auth/session.ts';
import type { Tx } from '../../../db/client.ts';
import { formStores } from './stores.ts';

/**
 * Reading and writing a dedicated type's block through its store. Apart from submit.ts because the
 * approval's own detail (../detail.ts) reads blocks too, and submit.ts reads the detail's viewer check.
 */
export const storeOf = (type: string) => {
  const store = formStores[type];
  if (!store) throw new Error(`no store for approval type ${type}`);
  return store;
};

/** The block of an approval of a dedicated type, or null for custom categories. */
export async function loadModel(
  db: Tx,
  type: string | undefined,
  examineId: number,
  remark: string,
  viewer: SessionUser,
) {
  const store = type ? formStores[type] : undefined;
  return store ? store.load(db, examineId, remark, viewer) : null;
}

/** The type's own fields of the approval (the additional order's task); {} for the others. */
export async function loadWrapper(db: Tx, type: string | undefined, examineId: number) {
  const store = type ? formStores[type] : undefined;
  return (await store?.loadWrapper?.(db, examineId)) ?? {};
}
