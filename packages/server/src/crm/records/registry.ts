import type { FieldDefinition } from '@crm/shared';
import type { Tx } from '../../db/client.ts';
import type { ComputedColumn } from './computed-column.ts';
import type { ServerKind } from './kind.ts';

/** What a kind's list columns are made of beside its descriptor (the kind's registration options). */
export type KindColumns = {
  customFields: (db: Tx) => Promise<FieldDefinition[]>;
  computedColumns?: (db: Tx) => Promise<Record<string, ComputedColumn>>;
};

/**
 * The record kinds one app answers, by module code: filled by `registerRecordKind` when a kind's
 * feature registers, so what is keyed by (label, id) alone — a follow-up's attachments, an
 * approval's related records, a field definition — finds its kind. One per app (`ctx.registry.kinds`):
 * a test app with the probe kind does not lend it to the next app built in the process.
 */
export type KindRegistry = {
  register(sk: ServerKind, columns: KindColumns): void;
  of(label: number): ServerKind | undefined;
  /** The kind's custom fields and computed columns, as its own list calls read them (the label-keyed calls). */
  columnsOf(label: number): KindColumns | undefined;
  /** Every registered kind (the calendar's follow-ups, the activity feed and statistics read across kinds). */
  all(): ServerKind[];
  /** The kind others link to by fields of this form type (its declaration's `link`). */
  linkedTo(formType: string): ServerKind | undefined;
  /** The kind an approval's related business names as `<key>Ids` (customerIds, contractIds). */
  relatedTo(relationKey: string): ServerKind | undefined;
};

export function createKindRegistry(): KindRegistry {
  const kinds = new Map<number, { sk: ServerKind; columns: KindColumns }>();
  const all = () => [...kinds.values()].map((k) => k.sk);
  return {
    // A later kind of the same module code takes its place: a test stands the probe kind in for
    // customers (oa/examine/relation.test.ts); the kinds' calls themselves cannot clash (Fastify refuses a route twice).
    register: (sk, columns) => void kinds.set(sk.kind.label, { sk, columns }),
    of: (label) => kinds.get(label)?.sk,
    columnsOf: (label) => kinds.get(label)?.columns,
    all,
    linkedTo: (formType) => all().find((sk) => sk.kind.link?.formType === formType),
    relatedTo: (relationKey) => all().find((sk) => sk.kind.link && `${sk.kind.key}Ids` === relationKey),
  };
}
