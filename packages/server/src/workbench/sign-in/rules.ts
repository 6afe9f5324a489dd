import { SignInMsg, type SignRule, type SignRuleRow, type SignRuleSaveInput } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { departments } from '../../db/schema.ts';
import { signRules } from './tables.ts';

/** Rules per department (/project/SignInRules); a department without one inherits its nearest ancestor's. */

type RuleRow = typeof signRules.$inferSelect;

const answer = (r: RuleRow, deptName: string): SignRuleRow => ({
  deptId: r.deptId,
  deptName,
  workStart: r.workStart,
  workEnd: r.workEnd,
  lateMinutes: r.lateMinutes,
  earlyMinutes: r.earlyMinutes,
  places: r.places,
  fieldAllowed: r.fieldAllowed,
  workdays: r.workdays,
  updateTime: r.updatedAt as unknown as string,
});

export async function listSignRules(db: Tx): Promise<SignRuleRow[]> {
  const rows = await db
    .select({ rule: signRules, deptName: departments.name })
    .from(signRules)
    .innerJoin(departments, eq(departments.id, signRules.deptId))
    .orderBy(departments.sort, departments.id);
  return rows.map((r) => answer(r.rule, r.deptName));
}

export async function saveSignRule(db: Tx, user: SessionUser, input: SignRuleSaveInput): Promise<SignRuleRow> {
  const [dept] = await db.select({ name: departments.name }).from(departments).where(eq(departments.id, input.deptId));
  if (!dept) throw notFound(SignInMsg.deptMissing);
  const values = {
    ...input,
    workdays: [...new Set(input.workdays)].sort(),
    updateUserId: user.userId,
  };
  const [row] = await db
    .insert(signRules)
    .values(values)
    .onConflictDoUpdate({ target: signRules.deptId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return answer(row!, dept.name);
}

export async function deleteSignRule(db: Tx, deptId: number): Promise<void> {
  const [row] = await db.delete(signRules).where(eq(signRules.deptId, deptId)).returning({ id: signRules.deptId });
  if (!row) throw notFound(SignInMsg.ruleMissing);
}

export type RuleBook = { ruleOfDept: (deptId: number | null) => SignRuleRow | null };

/** Every rule and the department tree, to resolve many people's rules in memory (depts are few). */
export async function loadRuleBook(db: Tx): Promise<RuleBook> {
  const rules = new Map((await listSignRules(db)).map((r) => [r.deptId, r]));
  const parents = new Map(
    (await queryRows<{ dept_id: number; pid: number }>(db, sql`select dept_id, pid from sys_dept`)).map((d) => [
      Number(d.dept_id),
      Number(d.pid),
    ]),
  );
  return {
    ruleOfDept(deptId) {
      // Walk up to the root; the bound guards a (corrupt) cycle.
      for (let id = deptId ?? 0, n = 0; id && n < 100; id = parents.get(id) ?? 0, n++) {
        const rule = rules.get(id);
        if (rule) return rule;
      }
      return null;
    },
  };
}

export const ruleOf = (r: SignRuleRow): SignRule => r;
