import { FieldAuthLevel, type RecordKind } from '@crm/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser, UserRole } from '../../auth/session.ts';
import type { Tx } from '../../db/client.ts';
import { fieldAuth } from '../fields/tables.ts';

/** What a user may not do with a kind's fields: hidden ones are never sent nor accepted, read-only ones not changed. */
export type FieldAccess = { hidden: Set<string>; readOnly: Set<string> };

const none = (): FieldAccess => ({ hidden: new Set(), readOnly: new Set() });

/** A role's level for a field governed by permissions of the kind's realm (the ID image). */
function permissionLevel(kind: RecordKind, role: UserRole, rule: { look: string; edit: string }): number {
  const has = (action: string) => role.permissions.includes(`${kind.permission}:${action}`);
  if (!has(rule.look)) return FieldAuthLevel.hidden;
  return has(rule.edit) ? FieldAuthLevel.edit : FieldAuthLevel.readOnly;
}

/**
 * The user's access to the fields of a kind: per role that grants anything of the kind, the
 * field's row of `crm_field_auth` (no row: editable) or, for the kind's permission fields, its
 * look/edit actions; over those roles the most permissive wins. The super admin sees and edits
 * everything. One indexed query.
 */
export async function fieldAccessFor(db: Tx, user: SessionUser, kind: RecordKind): Promise<FieldAccess> {
  if (user.isSuper) return none();
  const { label } = kind;
  // Only the roles that give access to the kind count: an office role says nothing about customers.
  const realm = `${kind.permission}:`;
  const roles = user.roles.filter((r) => r.permissions.some((p) => p.startsWith(realm)));
  if (roles.length === 0) return none();
  const roleIds = roles.map((r) => r.roleId);
  const rows = await db
    .select({ roleId: fieldAuth.roleId, fieldName: fieldAuth.fieldName, authLevel: fieldAuth.authLevel })
    .from(fieldAuth)
    .where(and(eq(fieldAuth.label, label), inArray(fieldAuth.roleId, roleIds)));
  const byField = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const levels = byField.get(r.fieldName) ?? new Map<number, number>();
    levels.set(r.roleId, r.authLevel);
    byField.set(r.fieldName, levels);
  }
  const permissionFields = Object.entries(kind.permissionFields ?? {});
  const access = none();
  const names = new Set([...byField.keys(), ...permissionFields.map(([name]) => name)]);
  for (const name of names) {
    const rule = kind.permissionFields?.[name];
    const levels = byField.get(name);
    const best = Math.max(
      ...roles.map((role) =>
        rule ? permissionLevel(kind, role, rule) : (levels?.get(role.roleId) ?? FieldAuthLevel.edit),
      ),
    );
    if (best === FieldAuthLevel.hidden) access.hidden.add(name);
    else if (best === FieldAuthLevel.readOnly) access.readOnly.add(name);
  }
  return access;
}

/** A record row without its hidden fields. */
export function withoutHidden<T extends Record<string, unknown>>(row: T, access: FieldAccess): T {
  if (access.hidden.size === 0) return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!access.hidden.has(k)) out[k] = v;
  return out as T;
}
