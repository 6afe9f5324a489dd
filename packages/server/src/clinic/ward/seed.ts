import { saveSchemaOf, VisitStatus } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { settingsBindings } from '../settings/bindings.ts';
import { saveRow } from '../settings/engine.ts';

/**
 * The demo's ward (demo only): three beds in 客服部's 治疗室 and the 术后回访 plan every discharge
 * applies (the nurse the next day, the doctor after a week, the consultant after a month).
 */
export async function seedWardDemo(tx: Tx, ids: { dept: Map<string, number> }): Promise<void> {
  const store = ids.dept.get('客服部')!;
  for (const number of ['01', '02', '03'])
    await tx.execute(sql`insert into clinic_bed (store_id, room, number) values (${store}, '治疗室', ${number})`);
  const plans = settingsBindings.find((b) => b.kind.name === 'followUpPlan')!;
  await saveRow(
    tx,
    plans,
    saveSchemaOf(plans.kind).parse({
      name: '出院术后回访',
      trigger: 'discharge',
      steps: [
        { dayOffset: 1, role: 'nurse', content: '询问伤口和疼痛情况，提醒按时换药' },
        { dayOffset: 7, role: 'doctor', content: '提醒回院复查' },
        { dayOffset: 30, role: 'consultant', content: '了解恢复效果和满意度' },
      ],
    }) as never,
  );
}

/**
 * The living demo's ward (issue 26): the customer treated today at 客服部 (the money demo's 划扣)
 * waits at the treatment room as a visit 已治疗, so the 住院管理 page has someone to admit.
 */
export async function seedWardLivingDemo(kit: DemoKit): Promise<void> {
  const store = kit.dept('客服部');
  const [treated] = await queryRows<{ customer_id: number }>(
    kit.db,
    sql`select t.customer_id from clinic_treatment t
        where t.create_time >= ${kit.at(0, '00:00').toISOString()}::timestamptz
          and not exists (select 1 from clinic_visit v where v.customer_id = t.customer_id
            and v.arrived_time >= ${kit.at(0, '00:00').toISOString()}::timestamptz)
        order by t.treatment_id desc limit 1`,
  );
  if (!treated) return;
  await kit.db.execute(sql`insert into clinic_visit (customer_id, store_id, visit_type, status, arrived_time, status_time,
      consultant_id, create_user_id)
    values (${treated.customer_id}, ${store}, 3, ${VisitStatus.treated}, ${kit.minutesAgo(120).toISOString()}::timestamptz,
      ${kit.minutesAgo(20).toISOString()}::timestamptz, ${kit.user('zhoujie')}, ${kit.user('zhangyu')})`);
}
