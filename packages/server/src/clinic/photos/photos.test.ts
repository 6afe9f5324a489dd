import { formatTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { fixtures } from '../../files/test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, orgIds, people } from '../../test/people.ts';
import { type Image, postPhotos } from './test-support.ts';

/**
 * The photograph room on the demo data: zhoumin (拍照员, every customer) photographs; zhangyu
 * (前台) registers the walk-ins; wangzong (客户管理员) may delete any photo. The customer
 * photographed is sunli's; `outsider` (销售经理 of 财务部: own department's customers) holds the
 * station too but may not see her; `insider` (销售经理 of 销售部) may. Uploads are limited to 1 MB.
 */
let t: TestApp;
const { call, signIn, signInNewUser, tokens } = people(() => t);
const nextBatch = batchIds('photos-test');
let store: number;
let customer: number;
let otherCustomer: number;
const part: Record<string, number> = {};

const png = (name = 'a.png'): Image => ({ filename: name, bytes: fixtures.png, contentType: 'image/png' });
const jpg = (name = 'b.jpg'): Image => ({ filename: name, bytes: fixtures.jpg, contentType: 'image/jpeg' });
const day = (offset: number) => formatTime(Date.now() + offset * 86_400_000).slice(0, 10);

const upload = (
  fields: Record<string, string | number | null | undefined>,
  images: Image[] = [png()],
  who = 'zhoumin',
) =>
  postPhotos(
    t,
    tokens[who]!,
    {
      customerId: customer,
      type: 1,
      partId: part.鼻部,
      angle: 1,
      batchId: nextBatch(),
      ...fields,
    },
    images,
  );

const get = (url: string, who: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'admin-token': tokens[who]! } });

const walkIn = async (customerId: number) => {
  const res = await call('zhangyu', '/clinic/visit/walkIn', { customerId, storeId: store, batchId: nextBatch() });
  expect(res).toMatchObject({ code: 0 });
  return res.data.visitId as number;
};

beforeAll(async () => {
  t = await createTestApp({ uploadMaxMb: 1 });
  store = (await orgIds(t)).dept.客服部!;
  await signIn(['admin', 'zhoumin', 'zhangyu', 'wangzong', 'sunli', 'chenjing']);
  // 销售经理 also works the station here, so the refusals below are the data scope's, not the permission's.
  await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
    select role_id, 'oa:workflow:photograph' from sys_role where role_name = '销售经理'`);
  await signInNewUser('outsider', { roles: ['销售经理'], dept: '财务部' });
  await signInNewUser('insider', { roles: ['销售经理'], dept: '销售部' });
  await signInNewUser('photog2', { roles: ['拍照员'], dept: '客服部' });
  const owned = await queryRows<{ id: number; owner: string }>(
    t.database.db,
    sql`select c.customer_id as id, u.username as owner from crm_customer c join sys_user u on u.user_id = c.owner_user_id
        order by c.customer_id`,
  );
  customer = Number(owned.find((o) => o.owner === 'sunli')!.id);
  otherCustomer = Number(owned.find((o) => o.owner !== 'sunli')!.id);
  for (const r of await queryRows<{ name: string; id: number }>(
    t.database.db,
    sql`select name, part_id as id from crm_body_part`,
  ))
    part[r.name] = Number(r.id);
});
afterAll(() => t?.close());

describe('upload', () => {
  it('stores several images with their tags, served to the photographer', async () => {
    // Midnight of the company's today: never later than now, whatever the hour the suite runs.
    const res = await upload({ angle: 2, note: '术前正面', takenTime: `${day(0)} 00:00:00` }, [
      png('左.png'),
      jpg('右'),
    ]);
    expect(res).toMatchObject({ code: 0 });
    expect(res.data).toHaveLength(2);
    expect(res.data[0]).toMatchObject({
      customerId: customer,
      visitId: null,
      type: 1,
      partId: part.鼻部,
      partName: '鼻部',
      angle: 2,
      note: '术前正面',
      takenTime: `${day(0)} 00:00:00`,
      name: '左.png',
      createUserName: '周敏',
      canDelete: true,
    });
    // The name takes the extension its bytes have.
    expect(res.data[1].name).toBe('右.jpg');
    const view = await get(res.data[0].url, 'zhoumin');
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.rawPayload.equals(fixtures.png)).toBe(true);
  });

  it('refuses what is not an image, even named .png, and stores nothing', async () => {
    const before = await queryRows(t.database.db, sql`select 1 from sys_file`);
    const res = await upload({}, [png(), { filename: 'x.png', bytes: fixtures.pdf }]);
    expect(res).toMatchObject({ code: 400, msg: '只能上传图片（JPG、PNG、GIF、WEBP、BMP）' });
    expect(await queryRows(t.database.db, sql`select 1 from sys_file`)).toHaveLength(before.length);
  });

  it('refuses a photo over the size limit with the limit in the message', async () => {
    const big = Buffer.concat([fixtures.png, Buffer.alloc(1024 * 1024)]);
    expect(await upload({}, [{ filename: 'big.png', bytes: big }])).toMatchObject({
      code: 400,
      msg: '每张照片不能超过1MB',
    });
  });

  it('refuses more than twelve images at once, and none at all', async () => {
    const many = Array.from({ length: 13 }, (_, i) => png(`p${i}.png`));
    expect(await upload({}, many)).toMatchObject({ code: 400, msg: '一次最多上传12张照片' });
    expect(await upload({}, [])).toMatchObject({ code: 400, msg: '请选择要上传的照片' });
  });

  it('refuses an unknown body part, type or angle, a future time and a body of unknown fields', async () => {
    expect(await upload({ partId: 999_999 })).toMatchObject({ code: 400, msg: '部位不存在' });
    expect(await upload({ partId: '' })).toMatchObject({ code: 400, msg: '请选择部位' });
    expect(await upload({ type: 4 })).toMatchObject({ code: 400, msg: '请选择照片类型' });
    expect(await upload({ angle: 0 })).toMatchObject({ code: 400, msg: '请选择拍摄角度' });
    expect(await upload({ takenTime: `${day(2)} 10:00:00` })).toMatchObject({ code: 400, msg: '拍摄时间不能晚于现在' });
    // A body naming none of the call's fields is refused before the schema runs.
    expect(await postPhotos(t, tokens.zhoumin!, { colour: 'red' }, [png()])).toMatchObject({
      code: 400,
      msg: '请求中没有本接口可识别的参数',
    });
  });

  it('answers one upload to a double click (sequential and simultaneous)', async () => {
    const batchId = nextBatch();
    const [a, b] = await Promise.all([upload({ batchId, partId: part.唇部 }), upload({ batchId, partId: part.唇部 })]);
    expect(a).toMatchObject({ code: 0 });
    expect(b.data.map((p: { photoId: number }) => p.photoId)).toEqual(
      a.data.map((p: { photoId: number }) => p.photoId),
    );
    const again = await upload({ batchId, partId: part.唇部 });
    expect(again.data.map((p: { photoId: number }) => p.photoId)).toEqual(
      a.data.map((p: { photoId: number }) => p.photoId),
    );
    const rows = await queryRows(t.database.db, sql`select 1 from clinic_photo where batch_id = ${batchId}`);
    expect(rows).toHaveLength(1);
  });

  it('is the station’s: 财务 (no station) is refused', async () => {
    const res = await postPhotos(
      t,
      tokens.chenjing!,
      { customerId: customer, type: 1, partId: part.鼻部, angle: 1, batchId: nextBatch() },
      [png()],
    );
    expect(res).toMatchObject({ code: 403, msg: '无权访问' });
  });
});

describe('the visit', () => {
  it('moves 已到店 to 已拍照, shows in the queue with its count, and keeps 已分诊 as it is', async () => {
    const visitId = await walkIn(customer);
    expect(await upload({ visitId })).toMatchObject({ code: 0, data: [{ visitId }] });
    const queue = await call('zhoumin', '/clinic/photo/queue', { storeId: store });
    expect(queue.data).toEqual([expect.objectContaining({ visitId, status: 2, photos: 1 })]);
    const consultant = (await orgIds(t)).user.hexue;
    expect(await call('wangzong', '/clinic/visit/assign', { visitId, consultantId: consultant })).toMatchObject({
      code: 0,
      data: { status: 3 },
    });
    expect(await upload({ visitId, angle: 3 })).toMatchObject({ code: 0 });
    const [v] = await queryRows<{ status: number }>(
      t.database.db,
      sql`select status from clinic_visit where visit_id = ${visitId}`,
    );
    expect(Number(v!.status)).toBe(3);
    expect((await call('zhoumin', '/clinic/photo/queue', { storeId: store })).data).toEqual([
      expect.objectContaining({ visitId, status: 3, photos: 2 }),
    ]);
  });

  it('refuses a visit that has moved on, and another customer’s visit', async () => {
    const visitId = await walkIn(otherCustomer);
    expect(await upload({ visitId })).toMatchObject({ code: 400, msg: '就诊记录不属于该顾客' });
    await t.database.db.execute(sql`update clinic_visit set status = 4 where visit_id = ${visitId}`);
    expect(await upload({ visitId, customerId: otherCustomer })).toMatchObject({
      code: 400,
      msg: '就诊面诊中，不能拍照',
    });
    expect(await call('zhangyu', '/clinic/visit/leave', { visitId })).toMatchObject({ code: 0 });
    expect(await upload({ visitId, customerId: otherCustomer })).toMatchObject({ code: 400, msg: '顾客已离店' });
    // The left visit is out of the queue.
    const queue = await call('zhoumin', '/clinic/photo/queue', { storeId: store });
    expect(queue.data.map((v: { visitId: number }) => v.visitId)).not.toContain(visitId);
    expect(await upload({ visitId: 999_999 })).toMatchObject({ code: 404, msg: '就诊记录不存在' });
  });
});

describe('timeline and compare', () => {
  let yesterdays: number[];
  beforeAll(async () => {
    const res = await upload({ takenTime: `${day(-1)} 15:00:00`, type: 1, angle: 3 }, [png('昨天.png')]);
    yesterdays = res.data.map((p: { photoId: number }) => p.photoId);
    await upload({ takenTime: `${day(-7)} 15:00:00`, type: 3, partId: part.额头 }, [png('额头.png')]);
  });

  it('groups a customer’s photos by day, newest first, filtered by a part with its sub-parts and by type', async () => {
    const all = await call('zhoumin', '/clinic/photo/timeline', { customerId: customer });
    expect(all.data.map((d: { day: string }) => d.day)).toEqual([day(0), day(-1), day(-7)]);
    expect(all.data[1].photos.map((p: { photoId: number }) => p.photoId)).toEqual(yesterdays);
    const face = await call('zhoumin', '/clinic/photo/timeline', { customerId: customer, partId: part.面部 });
    expect(face.data.map((d: { day: string }) => d.day)).toEqual([day(0), day(-1), day(-7)]);
    const nose = await call('zhoumin', '/clinic/photo/timeline', { customerId: customer, partId: part.鼻部 });
    expect(nose.data.map((d: { day: string }) => d.day)).toEqual([day(0), day(-1)]);
    const recovery = await call('zhoumin', '/clinic/photo/timeline', { customerId: customer, type: 3 });
    expect(recovery.data).toEqual([
      expect.objectContaining({ day: day(-7), photos: [expect.objectContaining({ partName: '额头' })] }),
    ]);
    expect(await call('zhoumin', '/clinic/photo/timeline', { customerId: customer, partId: 999_999 })).toMatchObject({
      code: 400,
      msg: '部位不存在',
    });
  });

  it('sets one part’s days side by side, each column by angle', async () => {
    const res = await call('zhoumin', '/clinic/photo/compare', {
      customerId: customer,
      partId: part.鼻部,
      days: [day(-1), day(0)],
    });
    expect(res).toMatchObject({ code: 0, data: { partId: part.鼻部, partName: '鼻部' } });
    expect(res.data.columns.map((c: { day: string }) => c.day)).toEqual([day(-1), day(0)]);
    expect(res.data.columns[0].photos.map((p: { photoId: number }) => p.photoId)).toEqual(yesterdays);
    const angles = res.data.columns[1].photos.map((p: { angle: number }) => p.angle);
    expect(angles).toEqual([...angles].sort((a, b) => a - b));
    expect(res.data.columns[1].photos.every((p: { partId: number }) => p.partId === part.鼻部)).toBe(true);
  });

  it('refuses a day without that part, one day, or a day twice', async () => {
    const ask = (days: string[], partId = part.鼻部) =>
      call('zhoumin', '/clinic/photo/compare', { customerId: customer, partId, days });
    expect(await ask([day(-7), day(0)])).toMatchObject({ code: 400, msg: `${day(-7)}没有该部位的照片` });
    expect(await ask([day(0)])).toMatchObject({ code: 400, msg: '请选择2到4个不同的日期对比' });
    expect(await ask([day(0), day(0)])).toMatchObject({ code: 400, msg: '请选择2到4个不同的日期对比' });
  });
});

describe('visibility: the customer’s data scope', () => {
  let url: string;
  beforeAll(async () => {
    const res = await call('zhoumin', '/clinic/photo/timeline', { customerId: customer });
    url = res.data[0].photos[0].url;
  });

  it('refuses another department’s manager the timeline, the comparison, an upload and the image itself', async () => {
    expect(await call('outsider', '/clinic/photo/timeline', { customerId: customer })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(
      await call('outsider', '/clinic/photo/compare', {
        customerId: customer,
        partId: part.鼻部,
        days: [day(-1), day(0)],
      }),
    ).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await upload({}, [png()], 'outsider')).toMatchObject({ code: 403, msg: '无权访问' });
    for (const u of [url, url.replace('/view/', '/download/')]) {
      const res = await get(u, 'outsider');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, msg: '无权访问' });
    }
  });

  it('lets the owner and her department’s manager see them (the same calls, another viewer)', async () => {
    for (const who of ['sunli', 'insider']) {
      expect(await call(who, '/clinic/photo/timeline', { customerId: customer })).toMatchObject({ code: 0 });
      expect((await get(url, who)).statusCode).toBe(200);
    }
  });

  it('keeps the outsider’s queue to customers they may see', async () => {
    const mine = await call('zhoumin', '/clinic/photo/queue', { storeId: store });
    expect(mine.data.length).toBeGreaterThan(0);
    expect((await call('outsider', '/clinic/photo/queue', { storeId: store })).data).toEqual([]);
  });
});

describe('delete', () => {
  it('lets the photographer delete her own photo of today; the image is gone with it', async () => {
    const [photo] = (await upload({ partId: part.下颌 })).data;
    expect(await call('zhoumin', '/clinic/photo/delete', { photoId: photo.photoId })).toMatchObject({ code: 0 });
    expect((await get(photo.url, 'zhoumin')).json()).toMatchObject({ code: 404, msg: '文件不存在' });
    // A double click answers as done.
    expect(await call('zhoumin', '/clinic/photo/delete', { photoId: photo.photoId })).toMatchObject({ code: 0 });
  });

  it('refuses someone else’s photo and her own of an earlier day; oa:photo:delete may', async () => {
    const [photo] = (await upload({ partId: part.下颌 })).data;
    expect(await call('photog2', '/clinic/photo/delete', { photoId: photo.photoId })).toMatchObject({
      code: 403,
      msg: '只能删除自己当天上传的照片',
    });
    await t.database.db.execute(
      sql`update clinic_photo set create_time = now() - interval '2 days' where photo_id = ${photo.photoId}`,
    );
    const seen = await call('zhoumin', '/clinic/photo/timeline', { customerId: customer, partId: part.下颌 });
    expect(seen.data[0].photos[0]).toMatchObject({ photoId: photo.photoId, canDelete: false });
    expect(await call('zhoumin', '/clinic/photo/delete', { photoId: photo.photoId })).toMatchObject({
      code: 403,
      msg: '只能删除自己当天上传的照片',
    });
    expect(await call('wangzong', '/clinic/photo/delete', { photoId: photo.photoId })).toMatchObject({ code: 0 });
    expect(await queryRows(t.database.db, sql`select 1 from clinic_photo where photo_id = ${photo.photoId}`)).toEqual(
      [],
    );
  });

  it('refuses the outsider even with the delete permission: the customer is not theirs to see', async () => {
    await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
      select role_id, 'oa:photo:delete' from sys_role where role_name = '销售经理'`);
    const [photo] = (await upload({ partId: part.下颌 })).data;
    expect(await call('outsider', '/clinic/photo/delete', { photoId: photo.photoId })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
  });
});

describe('the body-part tree and stores', () => {
  it('answers the partConfig tree and the stores to the station', async () => {
    const parts = await call('zhoumin', '/clinic/photo/parts');
    expect(parts.data.map((p: { name: string }) => p.name)).toContain('面部');
    expect((await call('zhoumin', '/clinic/photo/stores')).data).toEqual([expect.objectContaining({ storeId: store })]);
    expect(await call('chenjing', '/clinic/photo/stores')).toMatchObject({ code: 403 });
  });
});
