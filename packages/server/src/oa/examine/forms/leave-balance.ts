import { leaveAllowanceResponse, leaveTypes } from '@crm/shared';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { sysConfig } from '../../../db/schema.ts';
import { oaExamines } from '../tables.ts';
import { oaExamineLeaves } from './tables.ts';

/** The yearly leave allowances live in the system settings under this key, as JSON. */
const KEY = 'oaLeaveAllowance';

export type Allowance = { leaveType: number; days: number };

export async function readAllowances(db: Tx): Promise<Allowance[]> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, KEY));
  if (!row) return [];
  const parsed = leaveAllowanceResponse.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : [];
}

/** Days allowed per leave type a year; a type without an entry has no limit. */
export async function leaveAllowance(db: Tx): Promise<Map<number, number>> {
  return new Map((await readAllowances(db)).map((a) => [a.leaveType, a.days]));
}

export async function saveAllowances(db: Tx, allowances: Allowance[]): Promise<Allowance[]> {
  const byType = new Map(allowances.map((a) => [a.leaveType, a.days]));
  const list = [...byType].map(([leaveType, days]) => ({ leaveType, days })).sort((a, b) => a.leaveType - b.leaveType);
  const value = JSON.stringify(list);
  await db.insert(sysConfig).values({ key: KEY, value }).onConflictDoUpdate({ target: sysConfig.key, set: { value } });
  return list;
}

/** A person's approved leave in days per type in a year, leaving one approval (being edited) out. */
export async function approvedLeave(db: Tx, userId: number, year: number, except = 0): Promise<Map<number, number>> {
  const rows = await db
    .select({ leaveType: oaExamineLeaves.leaveType, used: sql<string>`sum(${oaExamineLeaves.duration})` })
    .from(oaExamineLeaves)
    .innerJoin(oaExamines, eq(oaExamines.id, oaExamineLeaves.examineId))
    .where(
      and(
        eq(oaExamineLeaves.userId, userId),
        gte(oaExamineLeaves.startTime, `${year}-01-01`),
        lt(oaExamineLeaves.startTime, `${year + 1}-01-01`),
        ne(oaExamineLeaves.examineId, except),
        eq(oaExamines.status, 1),
        eq(oaExamines.isDeleted, false),
      ),
    )
    .groupBy(oaExamineLeaves.leaveType);
  return new Map(rows.map((r) => [r.leaveType, Number(r.used)]));
}

/** This year's approved leave per type for a person, with each type's allowance. */
export async function leaveBalance(db: Tx, userId: number, year = new Date().getFullYear()) {
  const used = await approvedLeave(db, userId, year);
  const allowance = await leaveAllowance(db);
  return leaveTypes
    .filter((t) => used.has(t.id) || allowance.has(t.id))
    .map((t) => ({ leaveType: t.id, name: t.name, used: used.get(t.id) ?? 0, allowance: allowance.get(t.id) ?? null }));
}
