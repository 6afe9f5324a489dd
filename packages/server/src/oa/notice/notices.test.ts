import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { serverDir } from '../../paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

/**
 * Personas (seed): huangmin holds 公告管理员 (oa:notice:*, whole company); everyone with 普通员工
 * reads notices. 销售部 has 销售一部 (zhaoqiang, sunli, zhoujie) and 销售二部 (wufang) below it;
 * chenjing is in 财务部.
 */
let t: TestApp;
const { ids, as, call, signIn, signInNewUser } = people(() => t);
let depts: Record<string, number>;

const refused = { code: 403, msg: '无权访问' };
const nextBatch = batchIds('notice-batch');
const unreadCount = async (who: string) => (await call(who, '/OaBackLog/num')).data.announcementNum as number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'huangmin', 'liming', 'sunli', 'zhoujie', 'wufang', 'chenjing']);
  const tree = await call('admin', '/system/dept/queryDeptTree', { type: 'list' });
  depts = Object.fromEntries(tree.data.map((d: { name: string; id: number }) => [d.name, d.id]));
  await signInNewUser('crmonly', { roles: ['销售'], dept: '销售一部' });
});
afterAll(() => t.close());

async function publish(extra: Record<string, unknown> = {}) {
  const res = await call('huangmin', '/OaAnnouncement/saveAnnouncement', {
    title: '元旦放假通知',
    content: '<p>1月1日放假一天。</p>',
    deptIds: [depts.销售部],
    batchId: nextBatch(),
    ...extra,
  });
  expect([res.code, res.msg]).toEqual([0, 'success']);
  return res.data.announcementId as number;
}

describe('POST /OaAnnouncement/saveAnnouncement', () => {
  it('publishes to a department and its sub-departments, unread until opened', async () => {
    const before = await unreadCount('sunli');
    const id = await publish({ title: '销售部例会调整' });
    expect(await unreadCount('sunli')).toBe(before + 1);
    const list = await call('sunli', '/OaAnnouncement/queryAnnouncementList', { unread: 1 });
    expect(list.data.list).toContainEqual(
      expect.objectContaining({ announcementId: id, title: '销售部例会调整', unread: true, state: 'active' }),
    );
    const detail = await call('sunli', '/OaAnnouncement/queryById', { announcementId: id });
    expect(detail.data).toMatchObject({
      title: '销售部例会调整',
      content: '<p>1月1日放假一天。</p>',
      depts: [{ deptId: depts.销售部, name: '销售部' }],
      toAll: false,
      creator: { userId: ids.huangmin, realname: '黄敏' },
      permitted: { update: false, delete: false, readers: false },
    });
    expect(await unreadCount('sunli')).toBe(before);
    const after = await call('sunli', '/OaAnnouncement/queryAnnouncementList', { unread: 1 });
    expect(after.data.list.map((n: { announcementId: number }) => n.announcementId)).not.toContain(id);
    // 财务部 is not 销售部: neither the list nor the detail shows it there.
    const other = await call('chenjing', '/OaAnnouncement/queryAnnouncementList', {});
    expect(other.data.list.map((n: { announcementId: number }) => n.announcementId)).not.toContain(id);
    expect(await call('chenjing', '/OaAnnouncement/queryById', { announcementId: id })).toMatchObject(refused);
  });

  it('reaches people named one by one, and everyone when nobody is named', async () => {
    const named = await publish({ deptIds: [], userIds: [ids.chenjing] });
    expect((await call('chenjing', '/OaAnnouncement/queryById', { announcementId: named })).code).toBe(0);
    expect(await call('zhoujie', '/OaAnnouncement/queryById', { announcementId: named })).toMatchObject(refused);
    const everyone = await publish({ deptIds: [], userIds: [] });
    const detail = await call('chenjing', '/OaAnnouncement/queryById', { announcementId: everyone });
    expect(detail.data.toAll).toBe(true);
    expect((await call('zhoujie', '/OaAnnouncement/queryById', { announcementId: everyone })).code).toBe(0);
  });

  it('stores the content sanitised: scripts and handlers are gone', async () => {
    const id = await publish({
      content: '<p onclick="alert(1)">通知<script>alert(1)</script></p><a href="javascript:alert(1)">链接</a>',
    });
    const detail = await call('sunli', '/OaAnnouncement/queryById', { announcementId: id });
    expect(detail.data.content).toBe('<p>通知</p><a>链接</a>');
  });

  it('keeps a notice of a future window from its readers until it starts', async () => {
    const id = await publish({ startTime: '2099-01-01 09:00', endTime: '2099-01-02 09:00' });
    expect(await call('sunli', '/OaAnnouncement/queryById', { announcementId: id })).toMatchObject(refused);
    const mine = await call('huangmin', '/OaAnnouncement/queryAnnouncementList', { type: 2 });
    expect(mine.data.list).toContainEqual(expect.objectContaining({ announcementId: id, state: 'pending' }));
    const ended = await publish({ startTime: '2020-01-01 09:00', endTime: '2020-01-02 09:00' });
    expect(await call('sunli', '/OaAnnouncement/queryById', { announcementId: ended })).toMatchObject(refused);
  });

  it('answers the first notice when the same form is submitted twice (double click)', async () => {
    const body = { title: '双击测试', content: '<p>x</p>', batchId: 'notice-double-1' };
    const [a, b] = await Promise.all([
      call('huangmin', '/OaAnnouncement/saveAnnouncement', body),
      call('huangmin', '/OaAnnouncement/saveAnnouncement', body),
    ]);
    expect(a.data.announcementId).toBe(b.data.announcementId);
    const list = await call('huangmin', '/OaAnnouncement/queryAnnouncementList', { type: 2, search: '双击测试' });
    expect(list.data.totalRow).toBe(1);
  });

  it('refuses bad input with the field’s message', async () => {
    const good = { title: '通知', content: '<p>内容</p>' };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '请输入公告标题'],
      [{ title: '   ' }, '请输入公告标题'],
      [{ title: '告'.repeat(101) }, '公告标题不能超过100个字符'],
      [{ content: '' }, '请输入公告内容'],
      [{ content: '<p></p>' }, '请输入公告内容'],
      [{ content: '<script>alert(1)</script>' }, '请输入公告内容'],
      [{ content: `<p>${'字'.repeat(10001)}</p>` }, '内容不能超过10000个字'],
      [{ startTime: '明天' }, '时间格式有误'],
      [{ startTime: '2026-12-02 10:00', endTime: '2026-12-01 10:00' }, '结束时间不能早于开始时间'],
      [{ deptIds: 'a' }, '通知部门有误'],
      [{ deptIds: [99999] }, '所选部门不存在'],
      [{ userIds: [99999] }, '所选成员不存在或已被禁用'],
    ];
    for (const [extra, msg] of cases) {
      const res = await call('huangmin', '/OaAnnouncement/saveAnnouncement', {
        ...good,
        ...extra,
        batchId: nextBatch(),
      });
      expect([extra, res.code, res.msg]).toEqual([extra, 400, msg]);
    }
    // 10,000 characters is the limit itself.
    const atLimit = { ...good, content: `<p>${'字'.repeat(10000)}</p>`, batchId: nextBatch() };
    expect((await call('huangmin', '/OaAnnouncement/saveAnnouncement', atLimit)).code).toBe(0);
  });

  it('refuses those who may not publish', async () => {
    const body = { title: '我也想发', content: '<p>x</p>', batchId: nextBatch() };
    expect(await call('sunli', '/OaAnnouncement/saveAnnouncement', body)).toMatchObject(refused);
    expect(await call('crmonly', '/OaAnnouncement/saveAnnouncement', body)).toMatchObject(refused);
  });

  it('edits a notice: its text and recipients change for the readers', async () => {
    const id = await publish({ title: '初稿' });
    const res = await call('huangmin', '/OaAnnouncement/saveAnnouncement', {
      announcementId: id,
      title: '定稿',
      content: '<p>改过</p>',
      deptIds: [depts.财务部],
    });
    expect(res.code).toBe(0);
    expect((await call('chenjing', '/OaAnnouncement/queryById', { announcementId: id })).data).toMatchObject({
      title: '定稿',
      content: '<p>改过</p>',
    });
    expect(await call('sunli', '/OaAnnouncement/queryById', { announcementId: id })).toMatchObject(refused);
    // A reader may not edit it; an unknown notice is not found.
    const bySunli = await call('sunli', '/OaAnnouncement/saveAnnouncement', {
      announcementId: id,
      title: 'x',
      content: '<p>x</p>',
    });
    expect(bySunli).toMatchObject(refused);
    const unknown = await call('huangmin', '/OaAnnouncement/saveAnnouncement', {
      announcementId: 999999,
      title: 'x',
      content: '<p>x</p>',
    });
    expect(unknown).toMatchObject({ code: 404, msg: '公告不存在' });
  });

  it('attaches the files of its batch, seen by its readers only', async () => {
    const batchId = nextBatch();
    const up = await postMultipart(
      t,
      '/file/upload',
      { batchId, file: file('排班表.png', fixtures.png) },
      as('huangmin'),
    );
    expect(up.code).toBe(0);
    await publish({ batchId, content: `<p>见图</p><img src="/api/file/view/${up.data.url.split('/').pop()}">` });
    const names = async (who: string) => {
      const res = await call(who, '/file/queryByBatchId', { batchId });
      return res.code === 0 ? res.data.map((f: { name: string }) => f.name) : res.msg;
    };
    expect(await names('sunli')).toEqual(['排班表.png']);
    expect(await names('chenjing')).toBe('无权访问');
  });
});

describe('POST /OaAnnouncement/queryAnnouncementList', () => {
  it('lists what I may see, and what I published', async () => {
    const id = await publish({ title: '列表测试' });
    const all = await call('zhoujie', '/OaAnnouncement/queryAnnouncementList', { search: '列表测试' });
    expect(all.data).toMatchObject({ totalRow: 1, list: [{ announcementId: id, createUserName: '黄敏' }] });
    const mine = await call('zhoujie', '/OaAnnouncement/queryAnnouncementList', { type: 2 });
    expect(mine.data.totalRow).toBe(0);
  });

  it('validates its filters and needs the permission', async () => {
    expect(await call('sunli', '/OaAnnouncement/queryAnnouncementList', { type: 3 })).toMatchObject({
      code: 400,
      msg: '公告列表类型有误',
    });
    expect(await call('crmonly', '/OaAnnouncement/queryAnnouncementList', {})).toMatchObject(refused);
  });
});

describe('POST /OaAnnouncement/queryById', () => {
  it('answers not found for an unknown id and validates it', async () => {
    expect(await call('sunli', '/OaAnnouncement/queryById', { announcementId: 999999 })).toMatchObject({
      code: 404,
      msg: '公告不存在',
    });
    expect(await call('sunli', '/OaAnnouncement/queryById', { announcementId: 'x' })).toMatchObject({
      code: 400,
      msg: '公告不存在',
    });
    expect(await call('crmonly', '/OaAnnouncement/queryById', { announcementId: 1 })).toMatchObject(refused);
  });
});

describe('POST /OaAnnouncement/queryReaders', () => {
  it('shows the author who has read it and who has not', async () => {
    const id = await publish({ deptIds: [depts.销售一部] });
    await call('sunli', '/OaAnnouncement/queryById', { announcementId: id });
    const res = await call('huangmin', '/OaAnnouncement/queryReaders', { announcementId: id });
    expect(res.data.read.map((p: { userId: number }) => p.userId)).toEqual([ids.sunli]);
    expect(res.data.unread.map((p: { userId: number }) => p.userId)).toEqual(
      expect.arrayContaining([ids.zhoujie, ids.zhaoqiang]),
    );
    expect(res.data.unread.map((p: { userId: number }) => p.userId)).not.toContain(ids.sunli);
    expect(await call('sunli', '/OaAnnouncement/queryReaders', { announcementId: id })).toMatchObject(refused);
    expect(await call('huangmin', '/OaAnnouncement/queryReaders', { announcementId: 999999 })).toMatchObject({
      code: 404,
      msg: '公告不存在',
    });
  });
});

describe('POST /OaAnnouncement/deleteById', () => {
  it('deletes for those permitted; readers are refused; then it is gone', async () => {
    const id = await publish();
    const before = await unreadCount('zhoujie');
    expect(await call('zhoujie', '/OaAnnouncement/deleteById', { announcementId: id })).toMatchObject(refused);
    expect((await call('huangmin', '/OaAnnouncement/deleteById', { announcementId: id })).code).toBe(0);
    expect(await unreadCount('zhoujie')).toBe(before - 1);
    expect(await call('huangmin', '/OaAnnouncement/queryById', { announcementId: id })).toMatchObject({
      code: 404,
      msg: '公告不存在',
    });
    expect(await call('huangmin', '/OaAnnouncement/deleteById', { announcementId: id })).toMatchObject({
      code: 404,
      msg: '公告不存在',
    });
  });
});

describe('migration notices_journal_grant', () => {
  it('gives the office roles the read and journal permissions, once', async () => {
    const db = t.database.db;
    const holders = (permission: string) =>
      queryRows<{ role_name: string }>(
        db,
        sql`select r.role_name from sys_role_permission p join sys_role r on r.role_id = p.role_id
            where p.permission = ${permission} order by r.role_name`,
      );
    const dir = path.join(serverDir, 'drizzle');
    const grantFile = fs.readdirSync(dir).find((f) => f.endsWith('_notices_journal_grant.sql'))!;
    await db.execute(sql`delete from sys_role_permission where permission in ('oa:notice:read', 'oa:journal:use')`);
    const statements = fs.readFileSync(path.join(dir, grantFile), 'utf8').split('--> statement-breakpoint');
    for (let run = 0; run < 2; run++) for (const s of statements) await db.execute(sql.raw(s));
    expect((await holders('oa:journal:use')).map((r) => r.role_name).sort()).toEqual(['外勤主管', '普通员工'].sort());
    expect((await holders('oa:notice:read')).map((r) => r.role_name).sort()).toEqual(['公告管理员', '普通员工'].sort());
    expect((await holders('oa:notice:save')).map((r) => r.role_name)).toEqual(['公告管理员']);
  });
});
