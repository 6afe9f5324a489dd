import { systemSceneIds } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';

/**
 * The customer to-do tiles of CrmBackLog/num and the scenes they open: todayCustomer =
 * 今日需联系客户, followCustomer = 待跟进客户, each count the total of its list for the same
 * viewer. Demo customers: sunli (销售一部, scope self) owns 林婉清 (followed), 陈雨桐, 王思琪
 * (followed), 赵美玲; zhoujie (销售一部) owns 刘子涵 (followed), 张一鸣; zhenghao (销售二部)
 * owns 孙晓雅, 周若曦 (followed), 何雪; 吴静怡, 郑可欣, 黄梓萱 are in the pool.
 */
let t: TestApp;
const { ids: uid, call: post, signIn } = people(() => t);
let cid: Record<string, number>;

const tile = async (who: string, key: 'todayCustomer' | 'followCustomer') => {
  const res = await post(who, '/CrmBackLog/num', {});
  expect(res.code).toBe(0);
  return res.data[key] as number;
};
/** The list a tile opens: the customer list on the scene. */
const sceneList = async (who: string, scene: 'contactToday' | 'notFollowed') => {
  const res = await post(who, '/CrmCustomer/queryPageList', { page: 1, limit: 100, sceneId: systemSceneIds[scene] });
  expect(res.code).toBe(0);
  const data = res.data as { list: { customerName: string }[]; totalRow: number };
  return { names: data.list.map((r) => r.customerName).sort(), totalRow: data.totalRow };
};
/** The customer's next follow-up time, `offset` after the start of today in Beijing. */
const due = (name: string, offset: string | null) =>
  t.database.db.execute(
    offset === null
      ? sql`update crm_customer set next_time = null where customer_id = ${cid[name]}`
      : sql`update crm_customer set next_time =
          (date_trunc('day', now() at time zone 'Asia/Shanghai') + ${offset}::interval) at time zone 'Asia/Shanghai'
          where customer_id = ${cid[name]}`,
  );

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'zhaoqiang', 'huangmin']);
  cid = await customerIds(t);

  await t.database.db.execute(sql`update crm_customer set next_time = null`);
  await due('林婉清', '15 hours'); // today
  await due('陈雨桐', '0 hours'); // today, from its first second
  await due('王思琪', '-1 second'); // yesterday's last second
  await due('赵美玲', '1 day'); // tomorrow's first second
  await due('刘子涵', '9 hours'); // today, zhoujie's: outside sunli's scope
  await due('孙晓雅', '10 hours'); // today, zhenghao's: outside sunli's scope
  await due('周若曦', '20 hours'); // today, zhenghao's, sunli on its team (below)
  await due('吴静怡', '11 hours'); // today, in the pool
  const team = await post('zhenghao', '/CrmCustomer/addMembers', {
    ids: [cid.周若曦],
    memberIds: [uid.sunli],
    power: 1,
  });
  expect(team.code).toBe(0);
});
afterAll(() => t.close());

describe('customer scenes of the workbench', () => {
  it('offers 今日需联系客户 and 待跟进客户 after the common scenes', async () => {
    const res = await post('sunli', '/CrmCustomer/queryScene', {});
    expect(res.data.map((s: { sceneId: number; name: string }) => [s.sceneId, s.name])).toEqual([
      [-1, '全部'],
      [-2, '我负责的'],
      [-3, '下属负责的'],
      [-4, '我参与的'],
      [-13, '今日需联系客户'],
      [-14, '待跟进客户'],
    ]);
  });

  it('todayCustomer = 今日需联系客户: due within the Beijing day, in scope or on the team, never the pool', async () => {
    const sunli = await sceneList('sunli', 'contactToday');
    expect(sunli.names).toEqual(['周若曦', '林婉清', '陈雨桐'].sort());
    expect(await tile('sunli', 'todayCustomer')).toBe(sunli.totalRow);

    const zhenghao = await sceneList('zhenghao', 'contactToday');
    expect(zhenghao.names).toEqual(['周若曦', '孙晓雅'].sort());
    expect(await tile('zhenghao', 'todayCustomer')).toBe(zhenghao.totalRow);

    // Everyone's in scope, still not the pool's 吴静怡 nor another day's.
    const admin = await sceneList('admin', 'contactToday');
    expect(admin.names).toEqual(['刘子涵', '周若曦', '孙晓雅', '林婉清', '陈雨桐'].sort());
    expect(await tile('admin', 'todayCustomer')).toBe(admin.totalRow);

    const manager = await sceneList('zhaoqiang', 'contactToday');
    expect(manager.names).toContain('刘子涵');
    expect(manager.names).not.toContain('吴静怡');
    expect(await tile('zhaoqiang', 'todayCustomer')).toBe(manager.totalRow);
  });

  it('followCustomer = 待跟进客户: owned by the viewer, without any follow-up record', async () => {
    const sunli = await sceneList('sunli', 'notFollowed');
    // Not 林婉清 / 王思琪 (followed), nor 周若曦 (on sunli's team, zhenghao's).
    expect(sunli.names).toEqual(['赵美玲', '陈雨桐'].sort());
    expect(await tile('sunli', 'followCustomer')).toBe(sunli.totalRow);

    const zhenghao = await sceneList('zhenghao', 'notFollowed');
    expect(zhenghao.names).toEqual(['何雪', '孙晓雅'].sort());
    expect(await tile('zhenghao', 'followCustomer')).toBe(zhenghao.totalRow);

    // The admin sees every customer but owns none: the pool's, never followed, are nobody's.
    expect((await sceneList('admin', 'notFollowed')).totalRow).toBe(0);
    expect(await tile('admin', 'followCustomer')).toBe(0);
  });

  it('a follow-up takes the customer off 待跟进客户; its next time decides 今日需联系客户', async () => {
    const res = await post('sunli', '/CrmCustomer/addRecord', {
      id: cid.陈雨桐,
      category: '打电话',
      content: '约了下周到店',
    });
    expect(res.code).toBe(0);
    const follow = await sceneList('sunli', 'notFollowed');
    expect(follow.names).toEqual(['赵美玲']);
    expect(await tile('sunli', 'followCustomer')).toBe(1);
    // No next time given: 陈雨桐 is no longer due today.
    const today = await sceneList('sunli', 'contactToday');
    expect(today.names).toEqual(['周若曦', '林婉清'].sort());
    expect(await tile('sunli', 'todayCustomer')).toBe(today.totalRow);
  });

  it('counts 0 and refuses the list without the customer list permission; the pool has no such scene', async () => {
    expect(await tile('huangmin', 'todayCustomer')).toBe(0);
    expect(await tile('huangmin', 'followCustomer')).toBe(0);
    const refused = await post('huangmin', '/CrmCustomer/queryPageList', {
      page: 1,
      limit: 10,
      sceneId: systemSceneIds.contactToday,
    });
    expect(refused.msg).toBe('无权访问');
    const pool = await post('admin', '/CrmCustomerPool/queryPageList', {
      page: 1,
      limit: 10,
      sceneId: systemSceneIds.contactToday,
    });
    expect(pool.msg).toBe('场景不存在');
  });
});
