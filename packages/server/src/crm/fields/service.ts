import {
  CrmFieldMsg,
  crmDesignerFormTypes,
  FieldAuthLevel,
  type FieldDefinition,
  fixedDefinitions,
  type RecordKind,
  RecordMsg,
  recordKindByLabel,
  recordKinds,
} from '@crm/shared';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ensureFixedFields, type FieldLabel, loadFields, replaceFields, type StoredField } from '../../fields/store.ts';
import { fieldDefinitions } from '../../fields/tables.ts';
import { requireRole } from '../../system/roles/repository.ts';
import { loadRecord } from '../records/access.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import type { KindRegistry } from '../records/registry.ts';
import { toRecordRow } from '../records/row.ts';
import { syncUniqueFieldIndexes } from '../records/unique-fields.ts';
import { fieldAuth } from './tables.ts';

export const MANAGE_FIELDS = 'manage:crm:field';

/** A kind by module code: the app's registered one (a test's probe kind too), else the shared declaration. */
const kindOfLabel = (kinds: KindRegistry, label: number): RecordKind | undefined =>
  kinds.of(label)?.kind ?? recordKindByLabel(label);

/** A kind with a field designer, by module code; anything else is refused in Chinese. */
function designedKind(kinds: KindRegistry, label: number): RecordKind {
  const kind = kindOfLabel(kinds, label);
  if (!kind) throw badRequest(CrmFieldMsg.labelUnknown);
  return kind;
}

/** Put every kind's fixed fields into its set (at start, like the system approval categories). */
export async function ensureRecordKindFields(db: Db) {
  for (const kind of recordKinds) await ensureFixedFields(db, kind.label as FieldLabel, 0, fixedDefinitions(kind));
}

/** The kind's set, its fixed fields put in first if the set never had them. */
async function kindFields(db: Tx, kind: RecordKind): Promise<StoredField[]> {
  const label = kind.label as FieldLabel;
  const fields = await loadFields(db, label);
  if (kind.fixedFields.length === 0 || fields.some((f) => f.fieldType === 1)) return fields;
  await ensureFixedFields(db, label, 0, fixedDefinitions(kind));
  return loadFields(db, label);
}

/**
 * The record forms read definitions and check uniqueness too (spec §7 "Dynamic form"): the
 * designer's permission, or creating / editing records of the kind.
 */
function requireFormAccess(user: SessionUser, kind: RecordKind, updating: boolean) {
  if (hasPermission(user, MANAGE_FIELDS)) return;
  const actions = updating ? ['update'] : ['save', 'update'];
  if (!actions.some((a) => hasPermission(user, `${kind.permission}:${a}`))) throw forbidden();
}

/**
 * Who may read a kind's definitions without a record: whoever fills its forms, and whoever reads
 * its lists (a list, its filter and a detail show the custom fields by their definitions).
 */
export const readerPermissions = (kind: RecordKind): string[] => [
  `${kind.permission}:index`,
  ...(kind.alsoReadBy ?? []),
];

function requireReadAccess(user: SessionUser, kind: RecordKind) {
  if (readerPermissions(kind).some((p) => hasPermission(user, p))) return;
  requireFormAccess(user, kind, false);
}

/** `field/queryField`: fixed and custom definitions in order, with the caller's access and, with `id`, the record's values. */
export async function queryField(
  db: Db,
  kinds: KindRegistry,
  user: SessionUser,
  label: number,
  id: number | undefined,
) {
  const kind = designedKind(kinds, label);
  if (id === undefined) requireReadAccess(user, kind);
  else requireFormAccess(user, kind, true);
  const fields = await kindFields(db, kind);
  const access = await fieldAccessFor(db, user, kind);
  let values: Record<string, unknown> | null = null;
  if (id !== undefined) {
    const sk = kinds.of(label);
    if (!sk) throw notFound(RecordMsg.notFound);
    const { row } = await loadRecord(db, sk, user, id, 'read');
    values = toRecordRow(sk, row);
  }
  // The designer sees every definition; a form never sees a field hidden from its user.
  const designer = values === null && hasPermission(user, MANAGE_FIELDS);
  return fields
    .filter((f) => designer || !access.hidden.has(f.fieldName))
    .map((f) => ({
      ...f,
      authLevel: access.hidden.has(f.fieldName)
        ? FieldAuthLevel.hidden
        : access.readOnly.has(f.fieldName)
          ? FieldAuthLevel.readOnly
          : FieldAuthLevel.edit,
      // The original client's names: `setting` is its options, `defaultValue` always present.
      setting: f.options ?? [],
      defaultValue: f.defaultValue ?? '',
      ...(values ? { value: values[f.fieldName] ?? null } : {}),
    }));
}

/**
 * A kind's definitions as a reader of its lists and details sees them: the read access of
 * `field/queryField` without a record, fields hidden from the viewer left out (scene filters,
 * `field/information`).
 */
export async function readableFields(db: Tx, user: SessionUser, kind: RecordKind): Promise<StoredField[]> {
  requireReadAccess(user, kind);
  const [fields, access] = await Promise.all([kindFields(db, kind), fieldAccessFor(db, user, kind)]);
  return fields.filter((f) => !access.hidden.has(f.fieldName));
}

/** `field/list`: the kinds with a field designer and when their fields last changed. */
export async function listFieldKinds(db: Db) {
  const rows = await db
    .select({ label: fieldDefinitions.label, updated: max(fieldDefinitions.updatedAt) })
    .from(fieldDefinitions)
    .where(
      and(
        inArray(
          fieldDefinitions.label,
          recordKinds.map((k) => k.label),
        ),
        eq(fieldDefinitions.scopeId, 0),
      ),
    )
    .groupBy(fieldDefinitions.label);
  const updated = new Map(rows.map((r) => [Number(r.label), r.updated]));
  return recordKinds.map((k) => {
    const t = updated.get(k.label);
    return {
      label: k.label,
      key: k.key,
      // The original's name of the kind (its field settings page keys icons and calls by it).
      types: `crm_${k.key}`,
      name: k.name,
      nameEn: k.nameEn,
      updateTime: timeText(t),
    };
  });
}

/**
 * `field/save`: the designer's whole list; new custom fields only of the types a CRM form can
 * fill, or a link to a kind this server has that declares `link` (issue 27).
 */
export async function saveKindFields(db: Db, kinds: KindRegistry, label: number, input: FieldDefinition[]) {
  const kind = designedKind(kinds, label);
  const current = await kindFields(db, kind);
  const fixedIds = new Set(current.filter((f) => f.fieldType === 1).map((f) => f.fieldId));
  const fixedNames = new Set(current.filter((f) => f.fieldType === 1).map((f) => f.fieldName));
  for (const f of input) {
    const fixed = (f.fieldId !== undefined && fixedIds.has(f.fieldId)) || fixedNames.has(f.fieldName ?? '');
    if (!fixed && !crmDesignerFormTypes.includes(f.formType) && !kinds.linkedTo(f.formType))
      throw badRequest('字段类型有误');
  }
  // The unique indexes change with the set, in its transaction (and under its lock).
  return db.transaction(async (tx) => {
    const saved = await replaceFields(tx, kind.label as FieldLabel, 0, input);
    const sk = kinds.of(kind.label);
    if (sk) await syncUniqueFieldIndexes(tx, sk, saved);
    return saved;
  });
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * `field/verify` (spec §5): is the value free among the kind's records, the record of `batchId`
 * (an update) aside? Taken: `<字段名>已存在`; a check that cannot be made: `验证出错`.
 */
export async function verifyField(
  db: Db,
  kinds: KindRegistry,
  user: SessionUser,
  input: { fieldId: number; value?: unknown; batchId?: string },
) {
  const [field] = await db
    .select()
    .from(fieldDefinitions)
    .where(
      and(
        eq(fieldDefinitions.id, input.fieldId),
        eq(fieldDefinitions.scopeId, 0),
        eq(fieldDefinitions.isDeleted, false),
      ),
    );
  const kind = field ? kindOfLabel(kinds, field.label) : undefined;
  if (!field || !kind) throw badRequest(CrmFieldMsg.verifyFailed);
  requireFormAccess(user, kind, false);
  if ((await fieldAccessFor(db, user, kind)).hidden.has(field.fieldName)) throw badRequest(CrmFieldMsg.verifyFailed);
  if (isBlank(input.value)) return;
  const sk = kinds.of(field.label);
  const column = field.fieldType === 1 ? sk?.columns[field.fieldName]?.column : undefined;
  if (!sk || (field.fieldType === 1 && !column)) throw badRequest(CrmFieldMsg.verifyFailed);
  const expr = column ? sql`r.${sql.identifier(column)}::text` : sql`r.fields->>${field.fieldName}`;
  const value = typeof input.value === 'object' ? JSON.stringify(input.value) : String(input.value);
  let taken: unknown[];
  try {
    taken = await queryRows(
      db,
      sql`select 1 from ${sql.identifier(sk.table)} r where ${expr} = ${value}
          ${input.batchId ? sql`and r.batch_id <> ${input.batchId}` : sql``} limit 1`,
    );
  } catch {
    throw badRequest(CrmFieldMsg.verifyFailed);
  }
  if (taken.length) throw conflict(`${field.name}已存在`);
}

/** The level a role has for a field set by permissions of the kind's realm (the ID image). */
function permissionLevel(kind: RecordKind, permissions: Set<string>, rule: { look: string; edit: string }) {
  if (!permissions.has(`${kind.permission}:${rule.look}`)) return FieldAuthLevel.hidden;
  return permissions.has(`${kind.permission}:${rule.edit}`) ? FieldAuthLevel.edit : FieldAuthLevel.readOnly;
}

async function rolePermissions(db: Db, roleId: number): Promise<Set<string>> {
  const rows = await queryRows<{ permission: string }>(
    db,
    sql`select permission from sys_role_permission where role_id = ${roleId}`,
  );
  return new Set(rows.map((r) => r.permission));
}

/** `field/queryFieldAuth`: each field of the kind with the role's access to it. */
export async function queryFieldAuth(db: Db, kinds: KindRegistry, roleId: number, label: number) {
  const kind = designedKind(kinds, label);
  await requireRole(db, roleId);
  const fields = await kindFields(db, kind);
  const rows = await db
    .select()
    .from(fieldAuth)
    .where(and(eq(fieldAuth.roleId, roleId), eq(fieldAuth.label, label)));
  const levels = new Map(rows.map((r) => [r.fieldName, r.authLevel]));
  const permissions = await rolePermissions(db, roleId);
  return fields.map((f) => {
    const rule = kind.permissionFields?.[f.fieldName];
    return {
      fieldName: f.fieldName,
      name: f.name,
      formType: f.formType,
      fieldType: f.fieldType,
      authLevel: rule ? permissionLevel(kind, permissions, rule) : (levels.get(f.fieldName) ?? FieldAuthLevel.edit),
      byPermission: rule !== undefined,
    };
  });
}

/** `field/setFieldAuth`: replace the role's field permissions for the kind, in one transaction. */
export async function setFieldAuth(
  db: Db,
  kinds: KindRegistry,
  input: { roleId: number; label: number; fields: { fieldName: string; authLevel: 1 | 2 | 3 }[] },
) {
  const kind = designedKind(kinds, input.label);
  await requireRole(db, input.roleId);
  const byName = new Map((await kindFields(db, kind)).map((f) => [f.fieldName, f]));
  for (const f of input.fields) {
    const field = byName.get(f.fieldName);
    if (!field) throw badRequest(CrmFieldMsg.fieldUnknown);
    if (kind.permissionFields?.[f.fieldName]) throw badRequest(CrmFieldMsg.byPermission.replace('{name}', field.name));
    if (f.fieldName === kind.nameField && f.authLevel === FieldAuthLevel.hidden)
      throw badRequest(CrmFieldMsg.nameNotHidden.replace('{name}', field.name));
  }
  const restricted = new Map(
    input.fields.filter((f) => f.authLevel !== FieldAuthLevel.edit).map((f) => [f.fieldName, f.authLevel as 1 | 2]),
  );
  await db.transaction(async (tx) => {
    await tx.delete(fieldAuth).where(and(eq(fieldAuth.roleId, input.roleId), eq(fieldAuth.label, input.label)));
    if (restricted.size)
      await tx.insert(fieldAuth).values(
        [...restricted].map(([fieldName, authLevel]) => ({
          roleId: input.roleId,
          label: input.label,
          fieldName,
          authLevel,
        })),
      );
  });
}
