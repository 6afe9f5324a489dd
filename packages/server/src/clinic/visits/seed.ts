import { saveSchemaOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { settingsBindings } from '../settings/bindings.ts';
import { saveRow } from '../settings/engine.ts';

type Ids = { user: Map<string, number>; dept: Map<string, number> };

/**
 * The demo clinic's front desk (demo only): 客服部 opens as the store (09:00–18:00, 30-minute
 * slots, rooms) with a walk-in rotation (何雪, 孙丽, 周杰). The 前台 role and its persona 张雨
 * (zhangyu) are in db/seed.ts with the other personas; the doctors are the settings seed's
 * (王建国, 何雪).
 */
export async function seedVisitsDemo(tx: Tx, ids: Ids): Promise<void> {
  const store = ids.dept.get('客服部')!;
  await tx.execute(sql`insert into clinic_booking_setting (store_id, open_time, close_time, slot_minutes, rooms)
    values (${store}, '09:00', '18:00', 30, ${JSON.stringify(['诊室1', '诊室2', '治疗室', '手术室'])}::jsonb)`);

  const rotation = settingsBindings.find((b) => b.kind.name === 'rotation')!;
  await saveRow(
    tx,
    rotation,
    saveSchemaOf(rotation.kind).parse({
      deptId: store,
      remark: '门诊散客按顺序轮流接待',
      members: ['hexue', 'sunli', 'zhoujie'].map((u) => ({ userId: ids.user.get(u) })),
    }) as never,
  );
}
