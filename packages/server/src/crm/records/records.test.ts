import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { probeCustomFields } from './probe-kind.ts';
import { addProbeKind, addProbeSave } from './test-support.ts';

/**
 * The record machinery on a kind that is only a descriptor, a table and a column mapping.
 * Personas (seed): sunli and zhoujie are salespeople of 销售一部 under zhaoqiang (sales manager,
 * own and child departments); zhenghao sells in 销售二部; chenjing (finance) may list and read
 * customers but not change teams; admin is super.
 */
let t: TestApp;
const { tokens, ids: userIds, signIn } = people(() => t);
const ids: Record<string, number> = {};

const as =
  (who: string) =>
  (url: string, body: unknown = {}) =>
    t.post(`/CrmProbe/${url}`, body, tokens[who]);

beforeAll(async () => {
  t = await createTestApp();
  await addProbeKind(t, { customFields: async () => probeCustomFields });
  addProbeSave(t, async () => probeCustomFields);
  await signIn(['admin', 'sunli', 'zhoujie', 'zhaoqiang', 'zhenghao', 'chenjing', 'wufang']);
  const add = async (key: string, name: string, owner: string | null, fields: object, amount: number) => {
    const [row] = await queryRows<{ probe_id: number }>(
      t.database.db,
      sql`insert into crm_probe (probe_name, amount, owner_user_id, create_user_id, fields, batch_id)
          values (${name}, ${amount}, ${owner ? userIds[owner] : null}, ${userIds.admin}, ${JSON.stringify(fields)}::jsonb, ${`seed-${key}`})
          returning probe_id`,
    );
    ids[key] = Number(row!.probe_id);
  };
  await add('sunliRed', '孙丽的红样品', 'sunli', { field_color: '红', field_size: 12 }, 100);
  await add('sunliBlue', '孙丽的蓝样品 50%', 'sunli', { field_color: '蓝', field_size: 3 }, 20);
  await add('zhoujie', '周杰的样品', 'zhoujie', { field_color: '红', field_size: 7 }, 50);
  await add('zhenghao', '郑浩的样品', 'zhenghao', {}, 10);
  await add('pool', '公海样品', null, {}, 0);
});
afterAll(() => t.close());

const names = (res: { data: { list: { probeName: string }[] } }) => res.data.list.map((r) => r.probeName).sort();

describe('the list applies the data scope, always', () => {
  it.each([
    ['sunli', ['孙丽的红样品', '孙丽的蓝样品 50%']],
    ['zhaoqiang', ['周杰的样品', '孙丽的红样品', '孙丽的蓝样品 50%']],
    ['zhenghao', ['郑浩的样品']],
    ['admin', ['周杰的样品', '孙丽的红样品', '孙丽的蓝样品 50%', '郑浩的样品']],
  ])('%s sees only what their scope covers, never the pool', async (who, expected) => {
    const res = await as(who)('queryPageList', {});
    expect(res.code).toBe(0);
    expect(names(res)).toEqual([...expected].sort());
    expect(res.data.totalRow).toBe(expected.length);
  });

  it('answers rows with the id field, fixed and custom values and the owner name', async () => {
    const res = await as('sunli')('queryPageList', { search: '红' });
    expect(res.data.list).toEqual([
      expect.objectContaining({
        probeId: ids.sunliRed,
        probeName: '孙丽的红样品',
        amount: 100,
        field_color: '红',
        field_size: 12,
        ownerUserId: userIds.sunli,
        ownerUserName: '孙丽',
        createUserName: '系统管理员',
      }),
    ]);
  });

  it('searches with % taken literally', async () => {
    expect(names(await as('sunli')('queryPageList', { search: '50%' }))).toEqual(['孙丽的蓝样品 50%']);
    expect(names(await as('sunli')('queryPageList', { search: '%' }))).toEqual(['孙丽的蓝样品 50%']);
  });

  it('filters and sorts on custom fields as on fixed ones', async () => {
    const red = await as('zhaoqiang')('queryPageList', {
      data: { field_color: { condition: 'is', value: '红' } },
      sortField: 'field_size',
      order: 'asc',
    });
    expect(red.data.list.map((r: { probeName: string }) => r.probeName)).toEqual(['周杰的样品', '孙丽的红样品']);
    const range = await as('zhaoqiang')('queryPageList', { data: { amount: { condition: 'gt', start: 30, end: 60 } } });
    expect(names(range)).toEqual(['周杰的样品']);
  });

  it.each([
    [{ data: { password_hash: { condition: 'is', value: 'x' } } }, '不支持按该字段筛选'],
    [{ sortField: 'owner_user_id; drop table crm_probe' }, '不支持按该字段排序'],
    [{ data: { field_size: { condition: 'gt', value: 'abc' } } }, '筛选条件有误'],
    [{ data: { field_size: { condition: 'between', value: 1 } } }, '筛选条件有误'],
    [{ sceneId: 999999 }, '场景不存在'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await as('sunli')('queryPageList', body);
    expect([res.code, res.msg]).toEqual([res.msg === '场景不存在' ? 404 : 400, msg]);
  });
});

describe('the detail and every call by id refuse what the list hides', () => {
  it('opens an own record with full access', async () => {
    const res = await as('sunli')('queryById', { id: ids.sunliRed });
    expect(res.data.access).toEqual({ read: true, write: true, owner: true });
    expect(res.data.record).toMatchObject({ probeName: '孙丽的红样品', ownerUserName: '孙丽' });
  });

  it.each([
    ['zhenghao', 'sunliRed'],
    ['sunli', 'zhoujie'],
    ['sunli', 'pool'],
  ])('%s may not open %s (无权访问)', async (who, key) => {
    for (const url of ['queryById', 'getMembers', 'getRecord', 'queryActionRecord']) {
      const res = await as(who)(url, { id: ids[key] });
      expect([url, res.code, res.msg]).toEqual([url, 403, '无权访问']);
    }
  });

  it('answers 样品不存在 for an id that does not exist', async () => {
    const res = await as('admin')('queryById', { id: 987654 });
    expect([res.code, res.msg]).toEqual([404, '样品不存在']);
  });
});

describe('team members see the record with the power given', () => {
  it('shows a manager their team’s records under 下属负责的, not their own', async () => {
    const res = await as('zhaoqiang')('queryPageList', { sceneId: -3 });
    expect(names(res)).toEqual(['周杰的样品', '孙丽的红样品', '孙丽的蓝样品 50%']);
    expect(names(await as('sunli')('queryPageList', { sceneId: -3 }))).toEqual([]);
  });

  it('a read-only member sees it in the list and the 我参与的 scene, but cannot change it', async () => {
    const add = await as('sunli')('addMembers', { ids: [ids.sunliRed], memberIds: [userIds.zhenghao], power: 1 });
    expect(add.code).toBe(0);
    expect(names(await as('zhenghao')('queryPageList', {}))).toEqual(['孙丽的红样品', '郑浩的样品']);
    expect(names(await as('zhenghao')('queryPageList', { sceneId: -4 }))).toEqual(['孙丽的红样品']);
    const detail = await as('zhenghao')('queryById', { id: ids.sunliRed });
    expect(detail.data.access).toEqual({ read: true, write: false, owner: false });
    const res = await as('zhenghao')('addMembers', { ids: [ids.sunliRed], memberIds: [userIds.zhoujie] });
    expect([res.code, res.msg]).toEqual([403, '无权访问']);
  });

  it('lists the owner first (power 3), then the members', async () => {
    const res = await as('zhenghao')('getMembers', { id: ids.sunliRed });
    expect(res.data.map((m: { realname: string; power: number }) => [m.realname, m.power])).toEqual([
      ['孙丽', 3],
      ['郑浩', 1],
    ]);
  });

  it('read-write power lets the member change the team', async () => {
    expect(
      (await as('sunli')('updateMembers', { id: ids.sunliRed, memberIds: [userIds.zhenghao], power: 2 })).code,
    ).toBe(0);
    expect((await as('zhenghao')('queryById', { id: ids.sunliRed })).data.access.write).toBe(true);
  });

  it('never makes the owner a member, and refuses people who are not active users', async () => {
    await as('sunli')('addMembers', { ids: [ids.sunliRed], memberIds: [userIds.sunli] });
    const team = await as('sunli')('getMembers', { id: ids.sunliRed });
    expect(team.data.filter((m: { userId: number }) => m.userId === userIds.sunli)).toHaveLength(1);
    const res = await as('sunli')('addMembers', { ids: [ids.sunliRed], memberIds: [987654] });
    expect(res.msg).toBe('请选择团队成员');
  });

  it('refuses the team calls without the team permission (finance)', async () => {
    const res = await as('chenjing')('addMembers', { ids: [ids.sunliRed], memberIds: [userIds.zhoujie] });
    expect([res.code, res.msg]).toEqual([403, '无权访问']);
  });

  it('lets a member leave, but not remove others without write access', async () => {
    await as('zhoujie')('addMembers', { ids: [ids.zhoujie], memberIds: [userIds.sunli], power: 1 });
    const removeOther = await as('sunli')('deleteMembers', { ids: [ids.zhoujie], memberIds: [userIds.zhenghao] });
    expect([removeOther.code, removeOther.msg]).toEqual([403, '无权访问']);
    expect((await as('sunli')('deleteMembers', { ids: [ids.zhoujie], memberIds: [userIds.sunli] })).code).toBe(0);
    expect((await as('sunli')('queryById', { id: ids.zhoujie })).code).toBe(403);
  });
});

describe('follow-ups and the operation log', () => {
  it('adds a follow-up whose next time becomes the record’s', async () => {
    const res = await as('sunli')('addRecord', {
      id: ids.sunliBlue,
      category: '打电话',
      content: '约了周五到店',
      nextTime: '2026-12-04 10:00:00',
    });
    expect(res.code).toBe(0);
    const list = await as('sunli')('getRecord', { id: ids.sunliBlue });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        category: '打电话',
        content: '约了周五到店',
        createUser: expect.objectContaining({ realname: '孙丽' }),
      }),
    ]);
    const detail = await as('sunli')('queryById', { id: ids.sunliBlue });
    // Sent as company-zone text, answered in the same form.
    expect(detail.data.record.nextTime).toBe('2026-12-04 10:00:00');
  });

  it.each([
    [{ category: '打电话', content: '' }, '请输入跟进内容'],
    [{ category: '', content: '拜访' }, '请选择跟进方式'],
    [{ category: '打电话', content: '拜访', nextTime: '下周' }, '下次联系时间格式有误'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await as('sunli')('addRecord', { id: ids.sunliBlue, ...body });
    expect([res.code, res.msg]).toEqual([400, msg]);
  });

  it('logs the team changes and follow-ups, newest first', async () => {
    const res = await as('sunli')('queryActionRecord', { id: ids.sunliRed });
    expect(res.data.map((a: { action: string; detail: string }) => [a.action, a.detail])).toEqual([
      ['updateMember', '郑浩（读写）'],
      ['addMember', '郑浩（只读）'],
    ]);
    const blue = await as('sunli')('queryActionRecord', { id: ids.sunliBlue });
    expect(blue.data[0]).toMatchObject({
      action: 'followUp',
      detail: '打电话',
      user: expect.objectContaining({ realname: '孙丽' }),
    });
  });
});

describe('scenes', () => {
  it('offers the system scenes with 全部 as the default', async () => {
    const res = await as('sunli')('queryScene');
    expect(
      res.data.map((s: { name: string; isDefault: number; isSystem: boolean }) => [s.name, s.isDefault, s.isSystem]),
    ).toEqual([
      ['全部', 1, true],
      ['我负责的', 0, true],
      ['下属负责的', 0, true],
      ['我参与的', 0, true],
    ]);
  });

  it('saves a filter on a custom field as the default scene the list opens with', async () => {
    const saved = await as('zhaoqiang')('saveScene', {
      name: '红色的',
      data: { field_color: { condition: 'is', value: '红' } },
      isDefault: 1,
    });
    expect(saved.code).toBe(0);
    expect(names(await as('zhaoqiang')('queryPageList', {}))).toEqual(['周杰的样品', '孙丽的红样品']);
    const scenes = await as('zhaoqiang')('queryScene');
    expect(scenes.data.find((s: { isDefault: number }) => s.isDefault === 1)).toMatchObject({
      sceneId: saved.data.id,
      name: '红色的',
      data: { field_color: { condition: 'is', value: '红' } },
    });
    // Another user's scene id is not theirs to use.
    expect((await as('sunli')('queryPageList', { sceneId: saved.data.id })).msg).toBe('场景不存在');
  });

  it.each([
    [{ name: '红色的', data: {} }, '场景名称已存在'],
    [{ name: '全部', data: {} }, '场景名称已存在'],
    [{ name: '', data: {} }, '请输入场景名称'],
    [{ sceneId: -1, name: '改名', data: {} }, '场景不存在'],
  ])('refuses %j with %s', async (body, msg) => {
    expect((await as('zhaoqiang')('saveScene', body)).msg).toBe(msg);
  });

  it('deletes a saved scene (the list opens with 全部 again) but never a system one', async () => {
    const scenes = await as('zhaoqiang')('queryScene');
    const mine = scenes.data.find((s: { isSystem: boolean }) => !s.isSystem);
    expect((await as('zhaoqiang')('deleteScene', { sceneId: -2 })).msg).toBe('系统场景不能修改或删除');
    expect((await as('zhaoqiang')('deleteScene', { sceneId: mine.sceneId })).code).toBe(0);
    expect((await as('zhaoqiang')('queryPageList', {})).data.totalRow).toBe(3);
    expect((await as('zhaoqiang')('setDefaultScene', { sceneId: -2 })).code).toBe(0);
    expect(names(await as('zhaoqiang')('queryPageList', {}))).toEqual([]);
  });
});

describe('list columns per user', () => {
  it('shows the default columns first, the others hidden', async () => {
    const res = await as('sunli')('queryListHead');
    expect(res.data.filter((c: { hidden: boolean }) => !c.hidden).map((c: { key: string }) => c.key)).toEqual([
      'probeName',
      'updateTime',
    ]);
    expect(res.data.map((c: { key: string }) => c.key)).toEqual(
      expect.arrayContaining(['field_color', 'amount', 'ownerUserName']),
    );
  });

  it('keeps the order, widths and visibility a user saves', async () => {
    const columns = [
      { key: 'field_color', width: 120 },
      { key: 'probeName', width: 200 },
      { key: 'updateTime', hidden: true },
    ];
    expect((await as('sunli')('setListHead', { columns })).code).toBe(0);
    const res = await as('sunli')('queryListHead');
    expect(
      res.data
        .slice(0, 3)
        .map((c: { key: string; width: number | null; hidden: boolean }) => [c.key, c.width, c.hidden]),
    ).toEqual([
      ['field_color', 120, false],
      ['probeName', 200, false],
      ['updateTime', null, true],
    ]);
    expect((await as('sunli')('setListHead', { columns: [{ key: 'password_hash' }] })).msg).toBe('列设置有误');
  });
});

describe('saving through the machinery', () => {
  const save = (who: string, entity: object, field: object[] = []) => as(who)('addOrUpdate', { entity, field });

  it('creates a record with custom values, owned by its creator; a double click saves once', async () => {
    const body = { probeName: '新样品', amount: 8.5, batchId: 'batch-new-1' };
    const first = await save('zhoujie', body, [{ fieldName: 'field_color', value: '蓝' }]);
    const second = await save('zhoujie', body, [{ fieldName: 'field_color', value: '蓝' }]);
    expect(first.code).toBe(0);
    expect(second.data.id).toBe(first.data.id);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from crm_probe where batch_id = 'batch-new-1'`,
    );
    expect(Number(n!.n)).toBe(1);
    const detail = await as('zhoujie')('queryById', { id: first.data.id });
    expect(detail.data.record).toMatchObject({
      probeName: '新样品',
      amount: 8.5,
      field_color: '蓝',
      ownerUserName: '周杰',
    });
    ids.saved = first.data.id;
  });

  it('stores the name’s pinyin, so a search by initials or full pinyin finds the record', async () => {
    const res = await save('zhoujie', { probeName: '张三的样品', batchId: 'batch-pinyin-1' });
    expect(res.code).toBe(0);
    for (const search of ['zsdyp', 'zhangsan', 'ZS', '张三'])
      expect(names(await as('zhoujie')('queryPageList', { search })), search).toEqual(['张三的样品']);
    expect(names(await as('zhoujie')('queryPageList', { search: 'lisi' }))).toEqual([]);
    // Within the data scope still: a salesperson of another department finds nothing.
    expect(names(await as('zhenghao')('queryPageList', { search: 'zs' }))).toEqual([]);
  });

  it.each([
    [{ probeName: '' }, [], '样品名称不能为空'],
    [{ probeName: 'x' }, [{ fieldName: 'field_size', value: 'abc' }], '数字的整数部分须少于12位，小数部分须少于4位'],
    [{ probeName: 'x' }, [{ fieldName: 'field_color', value: '绿' }], '选项不在可选范围内'],
    [{ probeName: 'x' }, [{ fieldName: 'password_hash', value: '1' }], '提交的字段不存在'],
    [{ probeName: 'x' }, [{ fieldName: 'field_size', value: 12 }], '尺寸已存在'],
  ])('refuses %j %j with %s and saves nothing', async (entity, field, msg) => {
    const res = await save(
      'zhoujie',
      { ...entity, batchId: `batch-bad-${Math.random().toString(36).slice(2)}` },
      field,
    );
    expect(res.msg).toBe(msg);
    expect(res.code).not.toBe(0);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from crm_probe where probe_name = 'x'`,
    );
    expect(Number(n!.n)).toBe(0);
  });

  it('updates what was sent, logs each changed field, and refuses whoever may not write', async () => {
    const res = await save('zhoujie', { probeId: ids.saved, probeName: '改名样品', batchId: 'ignored' }, [
      { fieldName: 'field_size', value: 99 },
    ]);
    expect(res.code).toBe(0);
    const detail = await as('zhoujie')('queryById', { id: ids.saved });
    expect(detail.data.record).toMatchObject({
      probeName: '改名样品',
      field_color: '蓝',
      field_size: 99,
      batchId: 'batch-new-1',
    });
    const log = await as('zhoujie')('queryActionRecord', { id: ids.saved });
    expect(log.data[0]).toMatchObject({
      action: 'update',
      changes: [
        { field: 'probeName', name: '样品名称', before: '新样品', after: '改名样品' },
        { field: 'field_size', name: '尺寸', before: null, after: 99 },
      ],
    });
    const stranger = await save('zhenghao', { probeId: ids.saved, probeName: '偷改', batchId: 'b-x' });
    expect([stranger.code, stranger.msg]).toEqual([403, '无权访问']);
  });
});

describe('transfer', () => {
  it('gives the record a new owner and keeps the old one as a read-only member', async () => {
    // zhaoqiang (sales manager) may transfer; his scope covers zhoujie's records.
    const res = await as('zhaoqiang')('transfer', {
      ids: [ids.saved],
      newOwnerUserId: userIds.sunli,
      transferType: 2,
      power: 1,
    });
    expect([res.code, res.msg]).toEqual([0, 'success']);
    expect((await as('sunli')('queryById', { id: ids.saved })).data.access).toEqual({
      read: true,
      write: true,
      owner: true,
    });
    expect((await as('zhoujie')('queryById', { id: ids.saved })).data.access).toEqual({
      read: true,
      write: false,
      owner: false,
    });
    const log = await as('sunli')('queryActionRecord', { id: ids.saved });
    expect(log.data[0]).toMatchObject({
      action: 'transfer',
      detail: '周杰 → 孙丽',
      user: expect.objectContaining({ realname: '赵强' }),
    });
  });

  it('drops the old owner without transferType 2, and never keeps the new owner as a member', async () => {
    expect((await as('zhaoqiang')('transfer', { ids: [ids.saved], newOwnerUserId: userIds.zhoujie })).code).toBe(0);
    const team = await as('zhoujie')('getMembers', { id: ids.saved });
    expect(team.data.map((m: { realname: string; power: number }) => [m.realname, m.power])).toEqual([['周杰', 3]]);
    expect((await as('sunli')('queryById', { id: ids.saved })).code).toBe(403);
  });

  it('carries along only the kinds its declaration names (transferCarry)', async () => {
    const body = { ids: [ids.saved], newOwnerUserId: userIds.zhoujie };
    expect((await as('zhaoqiang')('transfer', { ...body, carry: ['business'] })).msg).toBe('同时转移的数据有误');
    expect((await as('zhaoqiang')('transfer', { ...body, carry: ['contacts'] })).code).toBe(0);
    // The original's code for it reads as the same.
    expect((await as('zhaoqiang')('transfer', { ...body, changeType: '1,2' })).code).toBe(0);
  });

  it.each([
    ['zhaoqiang', { newOwnerUserId: 987654 }, '请选择负责人'],
    ['zhoujie', { newOwnerUserId: 1 }, '无权访问'],
    ['wufang', { newOwnerUserId: 1 }, '无权访问'],
    ['chenjing', { newOwnerUserId: 1 }, '无权访问'],
  ])('%s: %j is refused with %s', async (who, body, msg) => {
    const res = await as(who)('transfer', { ids: [ids.saved], ...body });
    expect(res.msg).toBe(msg);
  });
});

describe('deletion', () => {
  it('needs the delete permission', async () => {
    const res = await as('sunli')('deleteByIds', { ids: [ids.sunliBlue] });
    expect([res.code, res.msg]).toEqual([403, '无权访问']);
  });

  it('removes the record with its team, follow-ups and log', async () => {
    expect((await as('admin')('deleteByIds', { ids: [ids.sunliRed, ids.sunliBlue] })).code).toBe(0);
    for (const table of ['crm_team_member', 'crm_follow_record', 'crm_action_record']) {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where label = 98 and record_id in (${ids.sunliRed}, ${ids.sunliBlue})`,
      );
      expect([table, Number(row!.n)]).toEqual([table, 0]);
    }
    expect((await as('admin')('queryById', { id: ids.sunliRed })).msg).toBe('样品不存在');
  });
});
