import type { Tx } from '../../db/client.ts';
import type { ServerKind } from './kind.ts';
import type { ComputedColumn } from './list.ts';

/**
 * The kinds this server answers, by module code: filled by `registerRecordKind` so what is keyed
 * by (label, id) alone — a follow-up's attachments — finds its kind's access rule.
 */
const kinds = new Map<number, ServerKind>();

type ComputedOf = (db: Tx) => Promise<Record<string, ComputedColumn>>;
const computed = new Map<number, ComputedOf>();

export const rememberKind = (sk: ServerKind, computedColumns?: ComputedOf) => {
  kinds.set(sk.kind.label, sk);
  if (computedColumns) computed.set(sk.kind.label, computedColumns);
};

/** A kind's computed columns (the hidden-fields test checks each declares what it derives from). */
export const computedColumnsOf = (label: number): ComputedOf | undefined => computed.get(label);
export const serverKindOf = (label: number): ServerKind | undefined => kinds.get(label);

/** Every registered kind (the calendar's follow-ups and the activity feed read across kinds). */
export const allServerKinds = (): ServerKind[] => [...kinds.values()];
