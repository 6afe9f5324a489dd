import { OpenLinkMsg, openLinkAdminContracts, ResultCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Ctx } from '../route.ts';
import { defineOpenLinkAdminRoutes, defineOpenRoute } from './routes.ts';
import { createOpenLink, hashOpenToken } from './service.ts';

let t: TestApp;
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: string;

const contracts = openLinkAdminContracts('/test/screenLink');
const seen = z.object({ purpose: z.string(), subject: z.record(z.string(), z.unknown()), extra: z.string() });

/** A feature as features use the mechanism: admin calls at its path and one open call. */
function mount(a: FastifyInstance) {
  const ctx = { db: t.database.db } as Ctx;
  defineOpenLinkAdminRoutes(a, ctx, {
    base: '/test/screenLink',
    purpose: 'largeScreen',
    access: 'manage:users:read',
    contracts,
    maxDays: 90,
    extra: z.object({ storeId: z.coerce.number().int().positive({ error: '请选择门店' }) }),
    subjectOf: (input) => ({ storeId: input.storeId }),
  });
  defineOpenRoute(a, ctx, {
    url: '/test/open/screen',
    purpose: 'largeScreen',
    schema: z.object({ extra: z.string().default('') }),
    response: seen,
    perMinute: 5,
    handler: ({ link, input }) => ({ purpose: link.purpose, subject: link.subject, extra: input.extra }),
  });
  defineOpenRoute(a, ctx, {
    url: '/test/open/review',
    purpose: 'review',
    response: z.object({ useCount: z.number() }),
    handler: ({ consume }) => t.database.db.transaction(async (tx) => ({ useCount: (await consume(tx)).useCount })),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ({ app, close } = await t.sibling(mount));
});
afterAll(async () => {
  await close();
  await t.close();
});

let address = 0;
/** Each test from its own address, so the rate limit of one does not reach another. */
const open = (url: string, body: unknown, from = `10.0.0.${++address}`) =>
  app
    .inject({ method: 'POST', url, payload: body as object, remoteAddress: from })
    .then((r) => r.json() as { code: number; msg: string; data: any });
const post = (url: string, body: unknown, token = admin) =>
  app
    .inject({ method: 'POST', url, payload: body as object, headers: { 'admin-token': token } })
    .then((r) => r.json() as { code: number; msg: string; data: any });

describe('open links', () => {
  it('an administrator makes a link whose token opens the page; only its hash is stored', async () => {
    const made = await post('/test/screenLink/create', { label: '大厅屏', days: 7, storeId: 3 });
    expect(made.code).toBe(0);
    expect(made.data.path).toBe(`/largeScreen?token=${made.data.token}`);
    expect(made.data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await t.database.db.execute(
      sql`select token_hash from sys_open_link where link_id = ${made.data.linkId}`,
    );
    expect((stored as unknown as { rows: { token_hash: string }[] }).rows[0]!.token_hash).toBe(
      hashOpenToken(made.data.token),
    );
    const opened = await open('/test/open/screen', { token: made.data.token, extra: 'x' });
    expect(opened).toMatchObject({ code: 0, data: { purpose: 'largeScreen', subject: { storeId: 3 }, extra: 'x' } });
    const list = await post('/test/screenLink/list', {});
    expect(list.data.list[0]).toMatchObject({
      linkId: made.data.linkId,
      label: '大厅屏',
      status: 1,
      createdBy: '系统管理员',
    });
  });

  it('refuses a bad, foreign, revoked or expired token with a message a visitor understands', async () => {
    expect(await open('/test/open/screen', {})).toMatchObject({ code: 400, msg: OpenLinkMsg.invalid });
    expect(await open('/test/open/screen', { token: 'x'.repeat(32) })).toMatchObject({
      code: 403,
      msg: OpenLinkMsg.invalid,
    });
    const review = await createOpenLink(t.database.db, { purpose: 'review', days: 1, userId: null });
    expect(await open('/test/open/screen', { token: review.token })).toMatchObject({
      code: 403,
      msg: OpenLinkMsg.invalid,
    });

    const made = (await post('/test/screenLink/create', { storeId: 1 })).data;
    expect(await post('/test/screenLink/revoke', { linkId: made.linkId })).toMatchObject({ code: 0 });
    expect(await open('/test/open/screen', { token: made.token })).toMatchObject({
      code: 403,
      msg: OpenLinkMsg.revoked,
    });
    expect((await post('/test/screenLink/list', {})).data.list.map((r: { linkId: number }) => r.linkId)).not.toContain(
      made.linkId,
    );
    const all = await post('/test/screenLink/list', { includeInactive: true });
    expect(all.data.list.find((r: { linkId: number }) => r.linkId === made.linkId)).toMatchObject({ status: 3 });

    const old = await createOpenLink(t.database.db, { purpose: 'largeScreen', days: 1, userId: null });
    await t.database.db.execute(
      sql`update sys_open_link set expire_time = now() - interval '1 second' where link_id = ${old.linkId}`,
    );
    expect(await open('/test/open/screen', { token: old.token })).toMatchObject({
      code: 403,
      msg: OpenLinkMsg.expired,
    });
  });

  it('a one-use link opens once, even under parallel uses', async () => {
    const link = await createOpenLink(t.database.db, { purpose: 'review', days: 3, maxUses: 1, userId: null });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => open('/test/open/review', { token: link.token }, `10.9.0.${i}`)),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.msg === OpenLinkMsg.used)).toBe(true);
  });

  it('rate-limits an address before looking at the token', async () => {
    const from = '10.8.0.1';
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await open('/test/open/screen', { token: 'y'.repeat(32) }, from));
    expect(answers.slice(0, 5).every((a) => a.msg === OpenLinkMsg.invalid)).toBe(true);
    expect(answers[5]).toMatchObject({ code: ResultCode.tooMany, msg: OpenLinkMsg.tooMany });
    // Another address is not held back.
    expect(await open('/test/open/screen', { token: 'y'.repeat(32) }, '10.8.0.2')).toMatchObject({
      msg: OpenLinkMsg.invalid,
    });
  });

  it('checks the administrator calls: permission, days, the feature’s own fields', async () => {
    const sales = await t.login('liuyang');
    expect(await post('/test/screenLink/create', { storeId: 1 }, sales)).toMatchObject({ code: 403 });
    expect(await post('/test/screenLink/create', { storeId: 1, days: 91 })).toMatchObject({
      code: 400,
      msg: '有效期须为1到90天',
    });
    expect(await post('/test/screenLink/create', { storeId: 0 })).toMatchObject({ code: 400, msg: '请选择门店' });
    expect(await post('/test/screenLink/revoke', { linkId: 999999 })).toMatchObject({
      code: 404,
      msg: OpenLinkMsg.notFound,
    });
  });
});
