import {
  API_TIME,
  type ChatServerFrame,
  companyTimeZone,
  DEFAULT_TIME_ZONE,
  isApiTime,
  responseContracts,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { frameText } from '../chat/frames.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { people } from '../test/people.ts';
import { defOf, timeWriter } from './times.ts';

let t: TestApp;
const { call, signIn } = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'liming']);
});
afterAll(() => t.close());

const unwrap = (s: z.ZodType): z.ZodType => {
  const d = defOf(s);
  return !isApiTime(s) && d.innerType ? unwrap(d.innerType) : s;
};

/**
 * Every object field of a schema with its path, the way the answer nests it (`list[].createTime`):
 * the test's own walk, independent of core/times.ts.
 */
function fieldsOf(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): { path: string; schema: z.ZodType }[] {
  if (seen.has(schema) || isApiTime(schema)) return [];
  seen.add(schema);
  const d = defOf(schema);
  const out: { path: string; schema: z.ZodType }[] = [];
  const walk = (s: z.ZodType | undefined, p: string) => s && out.push(...fieldsOf(s, p, seen));
  if (d.type === 'object')
    for (const [k, s] of Object.entries(d.shape ?? {})) {
      out.push({ path: `${path}.${k}`, schema: s });
      walk(s, `${path}.${k}`);
    }
  walk(d.catchall, `${path}.*`);
  walk(d.element, `${path}[]`);
  walk(d.innerType, path);
  for (const o of d.options ?? []) walk(o, path);
  walk(d.left, path);
  walk(d.right, path);
  walk(d.valueType, `${path}.*`);
  walk(d.out, path);
  if (d.type === 'lazy') walk(d.getter!(), path);
  seen.delete(schema);
  return out;
}

/** The values an answer holds at the schema's time fields. */
function timesIn(schema: z.ZodType, data: unknown): unknown[] {
  const found: unknown[] = [];
  const visit = (s: z.ZodType, v: unknown, depth: number): void => {
    if (depth > 30 || v === null || v === undefined) return;
    if (isApiTime(s)) {
      found.push(v);
      return;
    }
    const d = defOf(s);
    if (d.type === 'object' && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      for (const [k, fs] of Object.entries(d.shape ?? {})) visit(fs, o[k], depth + 1);
      if (d.catchall) for (const k of Object.keys(o)) if (!(k in (d.shape ?? {}))) visit(d.catchall, o[k], depth + 1);
    } else if (d.type === 'array' && Array.isArray(v)) for (const x of v) visit(d.element!, x, depth + 1);
    else if (d.innerType) visit(d.innerType, v, depth);
    else if (d.type === 'lazy') visit(d.getter!(), v, depth);
    else if (d.type === 'pipe') visit(d.out!, v, depth);
    else if (d.type === 'union') for (const o of d.options ?? []) visit(o, v, depth);
  };
  visit(schema, data, 0);
  return found;
}

/**
 * Fields named like times that are not instants, each with why: they go out as they are.
 * A new `…Time` field that is an instant must be declared with `apiTime` instead.
 */
const notInstants: [RegExp, string][] = [
  [
    /^\/Oa(Event|Record)\/query\w+ (\[\])?\.(start|end)Time$/,
    'an event’s time of day `HH:mm` (its day is startDay/endDay)',
  ],
  [/^\/CrmCustomer\/\w+ (\.list\[\]|\.customers\[\])?\.signTime$/, 'a customer’s signing day `yyyy-MM-dd`'],
  [
    /^\/OaSignIn\/month \.days\[\]\.(in|out)Time$/,
    'a sign-in’s time of day `HH:mm:ss` in the company zone (its day is `day`)',
  ],
];
const TIME_NAME = /(Time|time|At)$/;

describe('times in answers', () => {
  const schemas = () => [
    ...t.app.routeTable.filter((r) => r.response).map((r) => ({ where: `${r.method} ${r.url}`, schema: r.response! })),
    ...Object.entries(responseContracts).map(([path, schema]) => ({ where: path, schema: schema as z.ZodType })),
  ];

  it('declares every field named like a time with the apiTime marker, or says why it is none', () => {
    const unmarked = new Set<string>();
    let marked = 0;
    for (const { where, schema } of schemas())
      for (const f of fieldsOf(schema)) {
        const name = f.path.slice(f.path.lastIndexOf('.') + 1);
        if (!TIME_NAME.test(name)) continue;
        if (isApiTime(unwrap(f.schema))) marked++;
        else if (!notInstants.some(([pattern]) => pattern.test(`${where.replace(/^(GET|POST) /, '')} ${f.path}`)))
          unmarked.add(`${where} ${f.path}`);
      }
    expect([...unmarked]).toEqual([]);
    expect(marked).toBeGreaterThan(60);
  });

  it('finds the time fields of every route that declares one and writes them all', () => {
    const zone = 'Asia/Shanghai';
    const at = new Date('2026-11-23T02:04:05.678Z');
    let routes = 0;
    for (const { where, schema } of schemas()) {
      const w = timeWriter(schema);
      const hasTime = fieldsOf(schema).some((f) => isApiTime(unwrap(f.schema))) || isApiTime(unwrap(schema));
      expect([where, w !== null]).toEqual([where, hasTime]);
      if (!w) continue;
      routes++;
      // A sample with a Date at every time path the test's own walk knows of.
      const sample = sampleOf(schema, at);
      const written = w(sample, zone);
      const values = timesIn(schema, written);
      expect([where, values.length > 0]).toEqual([where, true]);
      for (const v of values) expect([where, v]).toEqual([where, '2026-11-23 10:04:05']);
    }
    expect(routes).toBeGreaterThan(40);
  });
});

/** A value of the schema's shape with `at` in every time field (lists of one, optional fields present). */
function sampleOf(schema: z.ZodType, at: Date, depth = 0): unknown {
  if (isApiTime(schema)) return at;
  if (depth > 8) return null;
  const d = defOf(schema);
  switch (d.type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(d.shape ?? {})) o[k] = sampleOf(s, at, depth + 1);
      return o;
    }
    case 'array':
      return [sampleOf(d.element!, at, depth + 1)];
    case 'record':
      return { k: sampleOf(d.valueType!, at, depth + 1) };
    case 'lazy':
      return sampleOf(d.getter!(), at, depth + 1);
    case 'pipe':
      return sampleOf(d.out!, at, depth);
    case 'union':
      return sampleOf(d.options![0]!, at, depth);
    default:
      return d.innerType ? sampleOf(d.innerType, at, depth) : 'x';
  }
}

describe('the writer', () => {
  it('copies what it writes: the handler’s own objects keep their Dates', () => {
    const schema = responseContracts['/OaTask/queryTaskList'];
    const row = { createTime: new Date('2026-11-23T02:04:05Z'), title: 'x' };
    const page = { list: [row], totalRow: 1, page: 1, limit: 15 };
    const written = timeWriter(schema)!(page, 'Asia/Shanghai') as typeof page;
    expect(written.list[0]!.createTime).toBe('2026-11-23 10:04:05');
    expect(row.createTime).toBeInstanceOf(Date);
    expect(page.list[0]).toBe(row);
  });

  it('writes the chat socket’s frames like answers', () => {
    const message = {
      messageId: 1,
      conversationId: 1,
      chatType: 'contact',
      clientMsgId: 'c1',
      fromUserId: 1,
      toUserId: 2,
      groupId: null,
      type: 'text',
      content: '你好',
      file: null,
      status: 'unread',
      createTime: new Date('2026-11-23T02:04:05Z'),
    } as unknown as Extract<ChatServerFrame, { type: 'message' }>['message'];
    expect(JSON.parse(frameText({ type: 'message', message })).message.createTime).toBe('2026-11-23 10:04:05');
    const ack = JSON.parse(frameText({ type: 'ack', clientMsgId: 'c1', duplicate: false, message }));
    expect(ack.message.createTime).toBe('2026-11-23 10:04:05');
    expect(frameText({ type: 'unread', count: 2 })).toBe('{"type":"unread","count":2}');
  });
});

describe('answers of real calls', () => {
  it('write times as yyyy-MM-dd HH:mm:ss, a task read back as it was sent', async () => {
    const saved = await call('liming', '/OaTask/setTask', {
      title: '时间格式',
      startTime: '2026-12-01 09:00:00',
      dueTime: '2026-12-01T10:30:00Z',
      batchId: 'times-1',
    });
    expect(saved).toMatchObject({ code: 0 });
    const info = await call('liming', '/OaTask/queryTaskInfo', { taskId: saved.data.taskId });
    expect(info.data).toMatchObject({ startTime: '2026-12-01 09:00:00', dueTime: '2026-12-01 18:30:00' });
    expect(info.data.createTime).toMatch(API_TIME);
    const list = await call('liming', '/OaTask/queryTaskList', { type: 1, search: '时间格式' });
    const values = timesIn(responseContracts['/OaTask/queryTaskList'], list.data);
    expect(values.length).toBeGreaterThan(2);
    for (const v of values) expect(v).toMatch(API_TIME);
    const [row] = await t.database.db
      .execute<{ s: string }>(
        sql`select to_char(start_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as s from oa_task where task_id = ${saved.data.taskId}`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { s: string }[] }).rows));
    expect(row?.s).toBe('2026-12-01 01:00');
  });

  it.each([['2026-02-30 10:00:00'], ['2026-12-01 25:00:00'], ['99999-12-01 10:00:00'], ['1e400']])(
    'answers %j with the field message, not a 500',
    async (startTime) => {
      const res = await call('liming', '/OaTask/setTask', { title: '坏时间', startTime, batchId: `bad-${startTime}` });
      expect(res).toMatchObject({ code: 400, msg: '时间格式有误' });
    },
  );

  it('users, files and approvals too', async () => {
    for (const [url, body] of [
      ['/system/user/queryUserList', { page: 1, limit: 5 }],
      ['/OaExamine/myInitiate', { page: 1, limit: 5 }],
      ['/OaAnnouncement/queryAnnouncementList', { page: 1, limit: 5 }],
    ] as const) {
      const res = await call('admin', url, body);
      expect([url, res.code]).toEqual([url, 0]);
      const values = timesIn(responseContracts[url], res.data);
      for (const v of values) expect([url, v]).toEqual([url, expect.stringMatching(API_TIME)]);
    }
  });
});

describe('the company time zone', () => {
  const setZone = (timeZone: string) => call('admin', '/sysConfig/set', { timeZone });

  it('is Asia/Shanghai until an administrator changes it; the answers follow', async () => {
    expect((await call('admin', '/sysConfig/query')).data.timeZone).toBe(DEFAULT_TIME_ZONE);
    const saved = await call('liming', '/OaTask/setTask', {
      title: '时区',
      startTime: '2026-12-01T01:00:00Z',
      batchId: 'times-zone',
    });
    const read = async () =>
      (await call('liming', '/OaTask/queryTaskInfo', { taskId: saved.data.taskId })).data.startTime;
    expect(await read()).toBe('2026-12-01 09:00:00');
    try {
      expect(await setZone('America/New_York')).toMatchObject({ code: 0, data: { timeZone: 'America/New_York' } });
      expect(await read()).toBe('2026-11-30 20:00:00');
      // Local text is read in the new zone too.
      await call('liming', '/OaTask/setTask', {
        taskId: saved.data.taskId,
        title: '时区',
        startTime: '2026-12-01 08:00',
      });
      expect(await read()).toBe('2026-12-01 08:00:00');
      expect(companyTimeZone()).toBe('America/New_York');
    } finally {
      await setZone(DEFAULT_TIME_ZONE);
    }
    expect(await read()).toBe('2026-12-01 21:00:00');
  });

  it('refuses what is no zone with its message, and only administrators change it', async () => {
    expect(await setZone('Mars/Olympus')).toMatchObject({
      code: 400,
      msg: '时区有误，请填写如 Asia/Shanghai 的时区名称',
    });
    expect(await call('liming', '/sysConfig/set', { timeZone: 'UTC' })).toMatchObject({ code: 403 });
    expect((await call('admin', '/sysConfig/query')).data.timeZone).toBe(DEFAULT_TIME_ZONE);
  });

  it('follows a change made in the database by anyone (the trigger notifies every process)', async () => {
    try {
      await t.database.db.execute(sql`insert into sys_config (key, value) values ('timeZone', 'Europe/Berlin')
        on conflict (key) do update set value = excluded.value`);
      await expect.poll(() => companyTimeZone()).toBe('Europe/Berlin');
    } finally {
      await setZone(DEFAULT_TIME_ZONE);
    }
    expect(companyTimeZone()).toBe(DEFAULT_TIME_ZONE);
  });
});
