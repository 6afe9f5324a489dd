import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { TEST_PASSWORD_COST } from '../test/global-setup.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { THROTTLE } from './throttle.ts';
import { hashPassword, passwordHashing } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The timing test compares real hash checks: the production cost for the password of the known
  // name it tries and for the stand-in hash of an unknown name (made at the first unknown login).
  passwordHashing.cost = 10;
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword('123456a') })
    .where(eq(users.username, 'wangjian'));
});
afterAll(async () => {
  await t.close();
  passwordHashing.cost = TEST_PASSWORD_COST;
});

const LOCKED = '密码错误次数过多，账号已锁定，请5分钟后再试';
const WRONG = '用户名或密码错误';

/** Hundreds of unknown-name checks at bcrypt's test cost (the stand-in hash follows the cost). */
async function withTestCost(run: () => Promise<void>): Promise<void> {
  passwordHashing.cost = TEST_PASSWORD_COST;
  try {
    await run();
  } finally {
    passwordHashing.cost = 10;
  }
}

const attempt = async (username: string, password: string, address: string) => {
  const res = await t.call('POST', '/login', { body: { username, password, type: 3 }, address });
  return { status: res.status, code: res.code, msg: res.msg };
};

describe('login answers tell no username apart', () => {
  it('answers an unknown name exactly as a known one, up to the same lock', async () => {
    const answers = async (username: string, address: string) => {
      const out = [];
      for (let i = 0; i < 6; i++) out.push(await attempt(username, 'wrong999', address));
      return out;
    };
    const known = await answers('liming', '10.1.0.1');
    const unknown = await answers('nosuchperson', '10.1.0.2');
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.msg)).toEqual([WRONG, WRONG, WRONG, WRONG, LOCKED, LOCKED]);
    expect(known[5]).toEqual({ status: 200, code: 429, msg: LOCKED });
  });

  it('takes as long for an unknown name as for a wrong password', async () => {
    // Interleaved, and the fastest of four each: load on the machine only ever adds time, so the
    // minimum is the cost of the work itself (four stays under the account lock of five).
    const time = async (username: string, address: string) => {
      const start = performance.now();
      await attempt(username, 'wrong999', address);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time('wangjian', '10.2.0.1'));
      unknown.push(await time('ghost-user', '10.2.0.2'));
    }
    // Both check a bcrypt hash (tens of milliseconds); before, an unknown name answered at once.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });
});

describe('the throttle slows an attacker without locking the owner out', () => {
  it('lets the owner in from another address while the attacking address is locked', async () => {
    for (let i = 0; i < 5; i++) await attempt('zhaoqiang', 'guess123', '203.0.113.9');
    expect(await attempt('zhaoqiang', '123456a', '203.0.113.9')).toMatchObject({ code: 429, msg: LOCKED });
    expect(await attempt('zhaoqiang', '123456a', '192.168.1.20')).toMatchObject({ status: 200, code: 0 });
  });

  it('never lets one person or a whole office of typos lock a colleague out from the same address', async () => {
    const office = '198.51.100.8';
    await withTestCost(async () => {
      // One person keeps trying: locked after 5, and the refused attempts count no further.
      for (let i = 0; i < 30; i++) await attempt('office-typist', 'guess123', office);
      // Twelve colleagues mistype three times each: 36 failures from the office's one address.
      for (let p = 0; p < 12; p++) for (let i = 0; i < 3; i++) await attempt(`colleague${p}`, 'guess123', office);
    });
    expect(await attempt('office-typist', 'guess123', office)).toMatchObject({ code: 429, msg: LOCKED });
    expect(await attempt('chenjing', '123456a', office)).toMatchObject({ code: 0 });
  });

  it('locks an address that tries many accounts, at a ceiling an office never reaches', async () => {
    const address = '198.51.100.7';
    await withTestCost(async () => {
      for (let i = 0; i < THROTTLE.addressAttempts - 1; i++)
        expect((await attempt(`name${i}`, 'guess123', address)).msg).toBe(WRONG);
      expect(await attempt('yangfan', '123456a', address)).toMatchObject({ code: 0 });
      expect(await attempt('name-last', 'guess123', address)).toMatchObject({ code: 429, msg: LOCKED });
    });
    expect(await attempt('chenjing', '123456a', address)).toMatchObject({ code: 429, msg: LOCKED });
    expect(await attempt('chenjing', '123456a', '192.168.1.21')).toMatchObject({ code: 0 });
  });

  it('keeps its counts in the database, so every server process applies them', async () => {
    const other = await t.sibling();
    try {
      const viaOther = async (password: string) =>
        (
          await other.app.inject({
            method: 'POST',
            url: '/login',
            remoteAddress: '203.0.113.50',
            payload: { username: 'huangmin', password, type: 3 },
          })
        ).json();
      for (let i = 0; i < 3; i++) await attempt('huangmin', 'guess123', '203.0.113.50');
      expect((await viaOther('guess123')).msg).toBe(WRONG);
      expect((await viaOther('guess123')).msg).toBe(LOCKED);
      expect(await attempt('huangmin', '123456a', '203.0.113.50')).toMatchObject({ code: 429, msg: LOCKED });
    } finally {
      await other.close();
    }
  });

  it('clears the account count from an address on a correct login', async () => {
    for (let i = 0; i < 4; i++) await attempt('liuyang', 'guess123', '10.3.0.1');
    expect(await attempt('liuyang', '123456a', '10.3.0.1')).toMatchObject({ code: 0 });
    for (let i = 0; i < 4; i++) expect((await attempt('liuyang', 'guess123', '10.3.0.1')).msg).toBe(WRONG);
  });
});

describe('the client address', () => {
  it('is the peer, not what an untrusted client writes in X-Forwarded-For', async () => {
    const viaForged = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '203.0.113.77',
        headers: { 'x-forwarded-for': `10.9.${i}.1` },
        payload: { username: 'sunli', password: 'guess123', type: 3 },
      });
    for (let i = 0; i < 4; i++) expect((await viaForged(i)).json().msg).toBe(WRONG);
    expect((await viaForged(4)).json().msg).toBe(LOCKED);
  });

  it('is taken from X-Forwarded-For when the peer is the local proxy', async () => {
    const viaProxy = (client: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { username: 'wufang', password, type: 3 },
      });
    for (let i = 0; i < 5; i++) await viaProxy('198.51.100.30', 'guess123');
    expect((await viaProxy('198.51.100.30', '123456a')).json().msg).toBe(LOCKED);
    expect((await viaProxy('198.51.100.31', '123456a')).json().code).toBe(0);
  });
});
