import { allPermissionKeys, saveSchemaOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/tokens.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { settingsBindings } from '../settings/bindings.ts';
import { saveRow } from '../settings/engine.ts';

type Ids = { user: Map<string, number>; dept: Map<string, number>; role: Map<string, number> };

/** The booking board's and the triage desk's keys. */
export const visitPermissionKeys = () =>
  allPermissionKeys().filter((k) => k.startsWith('oa:booking:') || k === 'oa:workflow:triage');

/**
 * The demo clinic's front desk (demo only): 客服部 opens as the store (09:00–18:00, 30-minute
 * slots, rooms), a 前台 role held by 张雨 (zhangyu), a walk-in rotation there (何雪, 孙丽, 周杰), and
 * the general manager's 客户管理员 role gains the booking and triage rights. The doctors are the
 * settings seed's (王建国, 何雪).
 */
export async function seedVisitsDemo(tx: Tx, ids: Ids, password: string): Promise<void> {
  const store = ids.dept.get('客服部')!;
  await tx.execute(sql`insert into clinic_booking_setting (store_id, open_time, close_time, slot_minutes, rooms)
    values (${store}, '09:00', '18:00', 30, ${JSON.stringify(['诊室1', '诊室2', '治疗室', '手术室'])}::jsonb)`);

  const [role] = await queryRows<{ id: number }>(
    tx,
    sql`insert into sys_role (role_name, role_type, data_type, is_super) values ('前台', 2, 5, false)
        returning role_id as id`,
  );
  const roleId = Number(role!.id);
  ids.role.set('前台', roleId);
  const frontDesk = [
    // Everything but the store's hours, which the manager sets.
    ...visitPermissionKeys().filter((k) => k !== 'oa:booking:settings'),
    'crm:customer:index',
    'crm:customer:read',
    'crm:customer:save',
    'crm:customer:update',
    'crm:store:index',
    'crm:store:read',
  ];
  for (const permission of frontDesk)
    await tx.execute(sql`insert into sys_role_permission (role_id, permission) values (${roleId}, ${permission})`);
  for (const permission of visitPermissionKeys())
    await tx.execute(sql`insert into sys_role_permission (role_id, permission)
      values (${ids.role.get('客户管理员')!}, ${permission}) on conflict do nothing`);

  const [user] = await queryRows<{ id: number }>(
    tx,
    sql`insert into sys_user (username, password_hash, realname, dept_id, post, parent_id, mobile, sex, num)
        values ('zhangyu', ${await hashPassword(password)}, '张雨', ${store}, '前台接待', ${ids.user.get('hexue')!},
          '13800000013', 2, 'E0015')
        returning user_id as id`,
  );
  const userId = Number(user!.id);
  ids.user.set('zhangyu', userId);
  const employee = ids.role.get('普通员工')!;
  await tx.execute(
    sql`insert into sys_user_role (user_id, role_id) values (${userId}, ${roleId}), (${userId}, ${employee})`,
  );

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
