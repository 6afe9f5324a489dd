import { AgencyStatus, type FollowUpRole, followUpDay, parseTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { notifyBadges } from '../../core/badges.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/**
 * Follow-up plans (回访计划, the settings kind followUpPlan) applied after a 划扣 or a discharge:
 * each step becomes a 回访任务 (crm_customer_agency, 术后回访) of the person in the step's role,
 * due at the end of the company-zone day the offset gives, so it shows in that person's 回访任务
 * list with its badge. Keyed by the source (`fup:t:<treatmentId>:<step>`, `fup:a:<admissionId>:
 * <step>`) on the tasks' unique batch index, so one source never creates its follow-ups twice.
 */

/** 术后回访 (shared agencyTypes). */
const POST_TREATMENT = 1;

type Step = { day_offset: number; role: FollowUpRole; content: string };

async function stepsOf(tx: Tx, planId: number | undefined): Promise<Step[]> {
  if (planId === undefined) return [];
  return queryRows<Step>(
    tx,
    sql`select day_offset, role, content from clinic_follow_up_plan_step where plan_id = ${planId} order by position`,
  );
}

/**
 * Creates the steps' tasks for one customer; a role nobody fills (or a disabled person) falls to
 * the customer's owner, and without an owner (a pool customer) that step is skipped. Answers how
 * many tasks this call created.
 */
async function createTasks(
  tx: Tx,
  steps: Step[],
  source: {
    customerId: number;
    at: Date;
    key: string;
    userId: number;
    people: Partial<Record<FollowUpRole, number | null>>;
  },
): Promise<number> {
  if (!steps.length) return 0;
  const [customer] = await queryRows<{ owner: number | null; creator: number | null }>(
    tx,
    sql`select owner_user_id as owner, create_user_id as creator from crm_customer where customer_id = ${source.customerId}`,
  );
  const people: Partial<Record<FollowUpRole, number | null>> = {
    developer: customer?.creator ?? null,
    owner: customer?.owner ?? null,
    ...source.people,
  };
  const named = [...new Set(Object.values(people).filter((id): id is number => typeof id === 'number'))];
  const active = named.length
    ? await queryRows<{ id: number }>(
        tx,
        sql`select user_id as id from sys_user where status = 1 and user_id = any(${`{${named.join(',')}}`}::int[])`,
      )
    : [];
  const live = new Set(active.map((a) => Number(a.id)));
  const pick = (id: number | null | undefined) => (id != null && live.has(Number(id)) ? Number(id) : null);
  const notified: number[] = [];
  for (const [i, step] of steps.entries()) {
    const userId = pick(people[step.role]) ?? pick(people.owner);
    if (userId === null) continue;
    const deadline = parseTime(`${followUpDay(source.at, step.day_offset)} 23:59:59`);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into crm_customer_agency (customer_id, type_code, content, user_id, create_user_id, status, deadline, batch_id)
          values (${source.customerId}, ${POST_TREATMENT}, ${step.content}, ${userId}, ${source.userId},
            ${AgencyStatus.toAccept}, ${deadline!.toISOString()}::timestamptz, ${`${source.key}:${i}`})
          on conflict do nothing returning agency_id as id`,
    );
    if (row) notified.push(userId);
  }
  // The assignees' 回访任务 badges move (heard at commit).
  if (notified.length) await notifyBadges(tx, notified, ['oa']);
  return notified.length;
}

/**
 * After a 划扣 (called once, inside verificationById's transaction): the plan of the deal's
 * project, else of its class. Consultant: the deal's; doctor and nurse: the first treating staff in
 * that role (the deal's doctor when no doctor treated).
 */
export async function followUpsAfterTreatment(
  tx: Tx,
  t: {
    treatmentId: number;
    customerId: number;
    projectId: number;
    consultantId: number | null;
    doctorId: number | null;
    staff: readonly { userId: number; role: string }[];
    userId: number;
  },
): Promise<number> {
  const [plan] = await queryRows<{ id: number }>(
    tx,
    sql`select p.plan_id as id from clinic_follow_up_plan p
        where p.enabled and p.trigger = 'treatment'
          and (p.project_id = ${t.projectId}
            or (p.project_id is null
              and p.project_class_id = (select class_id from crm_project where project_id = ${t.projectId})))
        order by (p.project_id is null), p.sort, p.plan_id limit 1`,
  );
  const byRole = (role: string) => t.staff.find((s) => s.role === role)?.userId ?? null;
  return createTasks(tx, await stepsOf(tx, plan ? Number(plan.id) : undefined), {
    customerId: t.customerId,
    at: new Date(),
    key: `fup:t:${t.treatmentId}`,
    userId: t.userId,
    people: { consultant: t.consultantId, doctor: byRole('doctor') ?? t.doctorId, nurse: byRole('nurse') },
  });
}

/** After a discharge: the first enabled discharge plan (术后回访); the admission's doctor and nurse, the visit's consultant. */
export async function followUpsAfterDischarge(
  tx: Tx,
  a: {
    admissionId: number;
    customerId: number;
    consultantId: number | null;
    doctorId: number;
    nurseId: number;
    at: Date;
    userId: number;
  },
): Promise<number> {
  const [plan] = await queryRows<{ id: number }>(
    tx,
    sql`select plan_id as id from clinic_follow_up_plan where enabled and trigger = 'discharge'
        order by sort, plan_id limit 1`,
  );
  return createTasks(tx, await stepsOf(tx, plan ? Number(plan.id) : undefined), {
    customerId: a.customerId,
    at: a.at,
    key: `fup:a:${a.admissionId}`,
    userId: a.userId,
    people: { consultant: a.consultantId, doctor: a.doctorId, nurse: a.nurseId },
  });
}
