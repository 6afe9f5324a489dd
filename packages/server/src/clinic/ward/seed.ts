import { saveSchemaOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
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
