import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { idField, isPermissionKey, Msg, responseContracts, withAliases } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { localDiskStorage } from '../files/storage.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { answerSerializer, defineRoute } from './route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const describeAccess = (a: unknown) => JSON.stringify(a);

describe('the route table', () => {
  it('has every route declare its access, naming only keys of the permission tree', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(20);
    for (const route of t.app.routeTable) {
      const { access } = route;
      expect([route.method, route.url, access === undefined]).toEqual([route.method, route.url, false]);
      const keys = typeof access === 'object' ? access.any : access === 'public' || access === 'login' ? [] : [access!];
      for (const key of keys) expect([route.url, key, isPermissionKey(key)]).toEqual([route.url, key, true]);
    }
  });

  it('holds the organisation and workbench API of the docs with the access they name', () => {
    const table = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, describeAccess(r.access)]));
    const expected: [string, unknown][] = [
      ['/system/user/queryUserList', 'login'],
      ['/system/user/queryUserById', 'manage:users:read'],
      ['/system/user/addUser', 'manage:users:userSave'],
      ['/system/user/setUser', 'manage:users:userUpdate'],
      ['/system/user/setUserStatus', 'manage:users:status'],
      ['/system/user/resetPasswordByUserId', 'manage:users:resetPassword'],
      ['/system/user/updateImg', 'login'],
      ['/system/dept/queryDeptTree', 'login'],
      ['/system/dept/addDept', 'manage:users:deptSave'],
      ['/system/dept/setDept', 'manage:users:deptUpdate'],
      ['/system/dept/deleteDept', 'manage:users:deptDelete'],
      ['/system/role/add', 'manage:permission:update'],
      ['/system/role/update', 'manage:permission:update'],
      ['/system/role/delete', 'manage:permission:update'],
      ['/system/role/copy', 'manage:permission:update'],
      ['/system/role/updateRoleMenu', 'manage:permission:update'],
      ['/system/role/relatedUser', 'manage:permission:update'],
      ['/system/role/unbindingUser', 'manage:permission:update'],
      ['/system/menu/getMenuListByType', 'manage:permission:read'],
      ['/CrmBackLog/num', 'login'],
      ['/OaBackLog/num', 'login'],
    ];
    for (const [url, access] of expected)
      expect([url, table.get(`POST ${url}`)]).toEqual([url, describeAccess(access)]);
    for (const url of ['/system/role/getRoleTypeList', '/system/role/getRoleByType'])
      expect(JSON.parse(table.get(`POST ${url}`) ?? '{}').any).toContain('manage:permission:read');
  });
});

describe('refuse by default', () => {
  it('refuses a route registered without access, even to the super admin', async () => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-route-table-'));
    const app = await buildApp({
      db: t.database.db,
      config: t.config,
      storage: localDiskStorage(filesDir),
      bus: t.database.bus,
    });
    app.post('/test/unguarded', async () => ({ code: 0, msg: 'success', data: 'secret' }));
    try {
      expect(app.routeTable.find((r) => r.url === '/test/unguarded')).toEqual({
        method: 'POST',
        url: '/test/unguarded',
        access: undefined,
        cookieAuth: false,
      });
      const token = await t.login('admin');
      for (const headers of [{}, { 'admin-token': token }]) {
        const res = await app.inject({ method: 'POST', url: '/test/unguarded', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ code: 403, msg: Msg.forbidden, data: null });
      }
    } finally {
      await app.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });
});

describe("aliases: the original client's names of a call", () => {
  it('reaches one handler by either path and reads the original parameter names', async () => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-route-alias-'));
    const app = await buildApp({
      db: t.database.db,
      config: t.config,
      storage: localDiskStorage(filesDir),
      bus: t.database.bus,
    });
    defineRoute(app, {
      method: 'POST',
      url: '/test/ours',
      aliases: ['/TestOriginal/queryById'],
      access: 'login',
      schema: withAliases(z.object({ id: idField('客户不存在') }), { customerId: 'id' }),
      response: z.object({ id: z.number() }),
      handler: ({ input }) => ({ id: input.id }),
    });
    try {
      expect(app.routeTable.filter((r) => r.url.startsWith('/test') || r.url.startsWith('/TestOriginal'))).toEqual([
        expect.objectContaining({ url: '/test/ours', access: 'login' }),
        expect.objectContaining({ url: '/TestOriginal/queryById', access: 'login', aliasOf: '/test/ours' }),
      ]);
      const token = await t.login('admin');
      const call = (url: string, payload: string) =>
        app.inject({
          method: 'POST',
          url,
          headers: { 'admin-token': token, 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
      for (const url of ['/test/ours', '/TestOriginal/queryById']) {
        expect((await call(url, 'customerId=7')).json()).toEqual({ code: 0, msg: 'success', data: { id: 7 } });
        expect((await call(url, 'id=8')).json()).toEqual({ code: 0, msg: 'success', data: { id: 8 } });
        expect((await call(url, 'customerId=true')).json()).toMatchObject({ code: 400, msg: '客户不存在' });
        expect((await call(url, 'customerID=7')).json()).toMatchObject({ code: 400, msg: Msg.noKnownField });
      }
      // The access check guards the alias as it guards the path.
      const anonymous = await app.inject({ method: 'POST', url: '/TestOriginal/queryById', payload: { id: 1 } });
      expect(anonymous.json()).toMatchObject({ code: 302 });
    } finally {
      await app.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });
});

/** Routes that answer bytes, not `{code, msg, data}`: they have no response schema, for this reason. */
const streamsWithoutContract: Record<string, string> = {
  'GET /file/view/:key': 'streams the file inline',
  'GET /file/download/:key': 'streams the file as an attachment',
  'GET /sysConfig/logo/:key': 'streams the logo image',
  'GET /system/user/avatar/:name': 'streams the avatar image',
  // The call centre (issue 25, h-call).
  'GET /moor/queryAudio': 'streams the call recording',
  'GET /assets/*': 'static web bundle',
  'GET /api/message/socket': 'the messaging WebSocket (docs/api/messaging.md); a plain GET is refused',
  'POST /system/message/downImportError': "an import's refused rows as a spreadsheet (the original's import dialog)",
  // Declaration forms (issue 25, h-decl): the spec's name for the export, not an excelExport.
  'POST /api/declaration/webPageQueryFormExport': "a task's submissions as a spreadsheet (blob response)",
};

describe('response contracts', () => {
  it('every route answering {code, msg, data} serialises with the shared schema of its path', () => {
    const missing: string[] = [];
    for (const route of t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      // Every record kind's spreadsheets (export, import template, import report) are files too.
      const sheet =
        route.method === 'POST' &&
        /^\/.+\/(excelExport|allExportExcel|batchExportExcel|downloadExcel|excelImportReport)$/.test(route.url);
      if (key in streamsWithoutContract || sheet || (route.method === 'GET' && /^\/[^/]+\.\w+$/.test(route.url))) {
        expect([key, route.response]).toEqual([key, undefined]);
        continue;
      }
      const contract = (responseContracts as Record<string, z.ZodType>)[route.aliasOf ?? route.url];
      if (!route.response || route.response !== contract) missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it("compiles every route's answer serialiser (each is compiled on its first answer, so a broken one shows here)", () => {
    const failed: string[] = [];
    for (const route of t.app.routeTable) {
      if (!route.response) continue;
      try {
        answerSerializer(route.response, route.topLevel === true);
      } catch (err) {
        failed.push(`${route.method} ${route.url}: ${(err as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
    expect(t.app.routeTable.filter((r) => r.topLevel).length).toBeGreaterThan(0);
  });

  it('lists no contract without a route', () => {
    const urls = new Set(t.app.routeTable.map((r) => r.url));
    expect(Object.keys(responseContracts).filter((url) => !urls.has(url))).toEqual([]);
  });

  it('sends only the fields the schema names, and refuses an answer that lacks one', async () => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-route-contract-'));
    const app = await buildApp({
      db: t.database.db,
      config: t.config,
      storage: localDiskStorage(filesDir),
      bus: t.database.bus,
    });
    const response = z.object({ id: z.number().int(), name: z.string() });
    defineRoute(app, {
      method: 'POST',
      url: '/test/contract',
      access: 'public',
      response,
      handler: ({ req }) =>
        (req.body as { drop?: boolean } | undefined)?.drop
          ? ({ id: 1 } as never)
          : ({ id: 1, name: 'a', passwordHash: 'secret' } as { id: number; name: string }),
    });
    try {
      const ok = await app.inject({ method: 'POST', url: '/test/contract', payload: {} });
      expect(ok.json()).toEqual({ code: 0, msg: 'success', data: { id: 1, name: 'a' } });
      const broken = await app.inject({ method: 'POST', url: '/test/contract', payload: { drop: true } });
      expect([broken.statusCode, broken.json().msg]).toEqual([500, Msg.serverError]);
    } finally {
      await app.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
