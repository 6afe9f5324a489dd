import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TestSocket } from '../../chat/test-helpers.ts';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, orgIds, people } from '../../test/people.ts';

/**
 * Live visit queues: a move of a visit (any station's, by the trigger) reaches every socket that
 * watches its store, on this server and on another one of the same database (LISTEN/NOTIFY), and
 * nobody else. The consultant's socket is on the second server; the front desk works on the first.
 */
let t: TestApp;
let other: Awaited<ReturnType<TestApp['sibling']>>;
const { ids: uid, call, signIn, tokens } = people(() => t);
const nextBatch = batchIds('live-test');
let store: number;
let otherStore: number;
let customers: number[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  other = await t.sibling();
  const org = await orgIds(t);
  store = org.dept.客服部!;
  await signIn(['zhangyu', 'hexue', 'wangzong', 'liming']);
  // A second store: 销售部 opens for bookings.
  otherStore = org.dept.销售部!;
  const opened = await call('wangzong', '/clinic/booking/saveSettings', {
    storeId: otherStore,
    opening: '09:00',
    closing: '18:00',
    slotMinutes: 30,
  });
  expect(opened.code).toBe(0);
  customers = (
    await queryRows<{ id: number }>(t.database.db, sql`select customer_id as id from crm_customer order by customer_id`)
  ).map((r) => Number(r.id));
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  await other.close();
  await t.close();
});

async function watching(app: TestApp['app'], who: string, storeIds: number[]): Promise<TestSocket> {
  const s = await openSocket(app, tokens[who]);
  sockets.push(s);
  s.send({ type: 'watchVisits', storeIds });
  return s;
}

describe('live visit events', () => {
  it('pushes each arrival, assignment and station move to the store’s watchers on any server, and to no one else', async () => {
    const consultant = await watching(other.app, 'hexue', [store]);
    expect(await consultant.next('watchingVisits')).toEqual({ type: 'watchingVisits', storeIds: [store] });
    const elsewhere = await watching(t.app, 'wangzong', [otherStore]);
    await elsewhere.next('watchingVisits');

    const walkIn = await call('zhangyu', '/clinic/visit/walkIn', {
      customerId: customers[0],
      storeId: store,
      batchId: nextBatch(),
    });
    const visitId = walkIn.data.visitId as number;
    expect(await consultant.next('visit')).toEqual({ type: 'visit', visitId, storeId: store, status: 1 });
    await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.hexue, doctorId: null });
    expect(await consultant.next('visit')).toEqual({ type: 'visit', visitId, storeId: store, status: 3 });
    // A reassignment keeps the status but moves the visit between queues: an event too.
    await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.wangzong, doctorId: null });
    expect(await consultant.next('visit')).toMatchObject({ visitId, status: 3 });
    // The same assignment again changes nothing: no event.
    await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.wangzong, doctorId: null });
    expect(await consultant.settle('visit')).toEqual([]);
    await call('wangzong', '/clinic/witness/accept', { visitId });
    expect(await consultant.next('visit')).toMatchObject({ visitId, status: 4 });

    // A second accept changes nothing and says nothing.
    expect(await call('wangzong', '/clinic/witness/accept', { visitId })).toMatchObject({ code: 0 });
    expect(await consultant.settle('visit')).toEqual([]);
    // The watcher of another store heard none of it.
    expect(await elsewhere.settle('visit')).toEqual([]);
  });

  it('stops when the socket watches nothing, and refuses a user without a station or a department that is no store', async () => {
    const s = await watching(t.app, 'hexue', [store]);
    await s.next('watchingVisits');
    s.send({ type: 'watchVisits', storeIds: [] });
    expect(await s.next('watchingVisits')).toEqual({ type: 'watchingVisits', storeIds: [] });
    await call('zhangyu', '/clinic/visit/walkIn', { customerId: customers[1], storeId: store, batchId: nextBatch() });
    expect(await s.settle('visit')).toEqual([]);

    // 李明 (销售经理) works at no station.
    const sales = await watching(t.app, 'liming', [store]);
    expect(await sales.next('error')).toEqual({ type: 'error', msg: '无权查看该门店的就诊队列' });
    const notStore = await watching(t.app, 'hexue', [(await orgIds(t)).dept.财务部!]);
    expect(await notStore.next('error')).toEqual({ type: 'error', msg: '无权查看该门店的就诊队列' });
    await call('zhangyu', '/clinic/visit/walkIn', { customerId: customers[2], storeId: store, batchId: nextBatch() });
    expect(await sales.settle('visit')).toEqual([]);
  });
});
