import { z } from 'zod';
import { type FieldAliases, withAliases } from '../schemas/aliases.ts';
import type { RecordKind } from './kind.ts';

/**
 * The original WuKong client's names for a record kind (issue 20, wire-wukong9.md): its create
 * forms post fixed fields in snake_case (`customer_name`), relation pickers as picked rows and the
 * category as its path; its calls name ids after the kind (`customerId`, `customerIds`) and a
 * follow-up's owner `typesId`. Everything here is derived from the kind's descriptor, so a kind
 * declares its differences once (`originalNames`) and every call of it reads both spellings.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The original's name of each fixed field → ours: its snake_case unless the kind's
 * `originalNames` says otherwise (leads' `leads_name` is our `name`), plus the kind's id.
 */
export function originalNamesOf(kind: RecordKind): Record<string, string> {
  const out: Record<string, string> = { [snake(kind.idField)]: kind.idField, batch_id: 'batchId' };
  for (const f of kind.fixedFields) if (snake(f.fieldName) !== f.fieldName) out[snake(f.fieldName)] = f.fieldName;
  return { ...out, ...(kind.originalNames ?? {}) };
}

/** A picked relation as its id: `[{customerId: 3, …}]` → 3, `[3]` → 3; anything else as sent. */
function relationId(value: unknown, idKey: string): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length === 0) return '';
  const first = value[0];
  return isRecord(first) ? (first[idKey] ?? first.id) : first;
}

/** A new form's batch when the original's create form sends none (it sends `batchId` only when editing). */
const newBatchId = () => `o-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;

/** The entity of a save as our names and values: what the original's create form means. */
export function fromOriginalEntity(kind: RecordKind, entity: Record<string, unknown>): Record<string, unknown> {
  const names = originalNamesOf(kind);
  const types = new Map(kind.fixedFields.map((f) => [f.fieldName, f.formType as string]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entity)) {
    const ours = names[key] ?? (key.includes('_') ? camel(key) : key);
    // Our own name wins when a body carries both (our forms send only ours).
    if (ours !== key && Object.hasOwn(entity, ours)) continue;
    // A link (to any kind, or a plan) is a fixed field named `<x>Id` (records/kinds.test.ts):
    // its picker gives rows (`[{customerId, customerName}]`), the save keeps the first's id.
    if (types.get(ours) === 'category' && Array.isArray(value)) out[ours] = value.length ? value[value.length - 1] : '';
    else if (ours.endsWith('Id') && Array.isArray(value)) out[ours] = relationId(value, ours);
    else out[ours] = value;
  }
  const editing = out[kind.idField] !== undefined && out[kind.idField] !== '' && out[kind.idField] !== null;
  if (!editing && (out.batchId === undefined || out.batchId === '' || out.batchId === null)) out.batchId = newBatchId();
  return out;
}

/**
 * A kind's save schema that also reads the original's create and edit forms: `{entity, field}`
 * with the entity translated by `fromOriginalEntity`. Bodies without an `entity` object (the
 * customer panel's flat body) pass unchanged.
 */
export function originalSaveBody<S extends z.ZodType>(kind: RecordKind, schema: S) {
  // Typed as our body: the original's `{entity, field}` is for its client, ours sends the schema's.
  return z.preprocess<unknown, S, z.input<S>>(
    (body) =>
      isRecord(body) && isRecord(body.entity) ? { ...body, entity: fromOriginalEntity(kind, body.entity) } : body,
    schema,
  );
}

/**
 * A call whose body is flat (a receivable plan) as the original's create form posts it:
 * `{entity: {contract_id: [{contractId}], return_date}, field}` → `{contractId, returnDate}`.
 * Snake_case keys become ours, picked rows their ids; a body without `entity` passes unchanged.
 */
export function originalFlatBody<S extends z.ZodObject>(schema: S) {
  // Every key either body may carry, so the server counts `entity` as one the call understands.
  const keys = [...Object.keys(schema.shape), 'entity', 'field'];
  const either = z.looseObject(Object.fromEntries(keys.map((k) => [k, z.unknown().optional()])));
  return either
    .transform((body: Record<string, unknown>): unknown => {
      if (!isRecord(body.entity)) return body;
      const { entity, field: _custom, ...rest } = body;
      const out: Record<string, unknown> = { ...rest };
      for (const [key, value] of Object.entries(entity)) {
        const ours = key.includes('_') ? camel(key) : key;
        if (ours !== key && Object.hasOwn(entity, ours)) continue;
        out[ours] = ours.endsWith('Id') && Array.isArray(value) ? relationId(value, ours) : value;
      }
      return out;
    })
    .pipe(schema);
}

/** The original's id names of a kind: `customerId` → `id`, `customerIds` → `ids`. */
export const kindIdAliases = (kind: RecordKind): FieldAliases =>
  kind.idField === 'id' ? {} : { [kind.idField]: 'id', [`${kind.idField}s`]: 'ids' };

const perKind = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

/**
 * A call's shared schema as one kind's call reads it: our `id`/`ids` also under the kind's names
 * (and `typesId`, a follow-up's owner, where the call takes `id`). Built once per (schema, kind).
 */
export function forKind<S extends z.ZodType>(schema: S, kind: RecordKind, extra: FieldAliases = {}): S {
  let byKind = perKind.get(schema);
  if (!byKind) {
    byKind = new Map();
    perKind.set(schema, byKind);
  }
  const cached = byKind.get(kind.key);
  if (cached) return cached as S;
  const wrapped = withAliases(schema, { ...kindIdAliases(kind), ...extra }) as unknown as S;
  byKind.set(kind.key, wrapped);
  return wrapped;
}
