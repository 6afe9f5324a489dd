import type { Db } from '../../db/client.ts';
import { ensureFixedFields, FieldLabel } from '../../fields/store.ts';
import { storeFixedFields } from './routes.ts';

/** At start: the shop's fixed fields join its field set (label 11) where missing. */
export const ensureStoreFields = (db: Db) => ensureFixedFields(db, FieldLabel.store, 0, storeFixedFields);
