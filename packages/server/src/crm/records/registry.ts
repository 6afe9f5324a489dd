import type { FieldDefinition } from '@crm/shared';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import type { ServerKind } from './kind.ts';
import type { ComputedColumn } from './list.ts';

/** What a kind's list columns are made of beside its descriptor (the kind's registration options). */
export type KindColumns = {
  customFields: (db: Tx) => Promise<FieldDefinition[]>;
  computedColumns?: (db: Tx) => Promise<Record<string, ComputedColumn>>;
  /** The kind's Drizzle table: every column it has, for readable.ts (db/schema.ts no longer lists every table). */
  table?: PgTable;
};

/**
 * The kinds this server answers, by module code: filled by `registerRecordKind` so what is keyed
 * by (label, id) alone — a follow-up's attachments — finds its kind's access rule.
 */
const kinds = new Map<number, ServerKind>();
const columnsOf = new Map<number, KindColumns>();

export const rememberKind = (sk: ServerKind, columns?: KindColumns) => {
  kinds.set(sk.kind.label, sk);
  if (columns) columnsOf.set(sk.kind.label, columns);
};
/** The kind's custom fields and computed columns, as its own list calls read them (the label-keyed calls). */
export const kindColumnsOf = (label: number): KindColumns | undefined => columnsOf.get(label);

/** A kind's computed columns (the hidden-fields test checks each declares what it derives from). */
export const computedColumnsOf = (label: number): KindColumns['computedColumns'] =>
  columnsOf.get(label)?.computedColumns;
export const serverKindOf = (label: number): ServerKind | undefined => kinds.get(label);

/** Every registered kind (the calendar's follow-ups and the activity feed read across kinds). */
export const allServerKinds = (): ServerKind[] => [...kinds.values()];

/** The registered kind others link to by fields of this form type (its declaration's `link`). */
export const linkedKindOf = (formType: string): ServerKind | undefined =>
  [...kinds.values()].find((sk) => sk.kind.link?.formType === formType);

/** The registered kind an approval's related business names as `<key>Ids` (customerIds, contractIds). */
export const relatedKindOf = (relationKey: string): ServerKind | undefined =>
  [...kinds.values()].find((sk) => sk.kind.link && `${sk.kind.key}Ids` === relationKey);
