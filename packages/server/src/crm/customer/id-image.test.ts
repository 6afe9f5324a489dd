import fs from 'node:fs';
import path from 'node:path';
import type { FileInfo } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { migrationsFolder } from '../../db/client.ts';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { customerPanel } from './test-support.ts';

/**
 * A customer's ID image follows the customer: whoever may read the customer and holds
 * lookIdCardUrl sees it, not its uploader alone. admin uploads and saves; the customer is then
 * sunli's (销售: reads it, no lookIdCardUrl). wangzong (客户管理员: every customer, lookIdCardUrl)
 * may see it; hexue (顾问: lookIdCardUrl, her own customers) and zhenghao (another team) may not.
 */
let t: TestApp;
const { tokens, ids, call: post, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'wangzong', 'hexue', 'zhenghao']);
});
afterAll(() => t.close());

const upload = async (who: string) =>
  (
    await postMultipart<FileInfo>(
      t,
      '/file/upload',
      { type: 'img', file: file('身份证.png', fixtures.png) },
      tokens[who],
    )
  ).data;
const view = (url: string, who: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'admin-token': tokens[who]! } });
const sees = async (url: string, who: string) => {
  const res = await view(url, who);
  return res.statusCode === 200 && res.rawPayload.equals(fixtures.png) ? 'image' : res.json();
};
const save = (body: Record<string, unknown>) => post('admin', '/CrmCustomer/addOrUpdate', customerPanel(body));

describe('the ID image of a customer', () => {
  let customerId: number;
  let first: FileInfo;

  it('is seen by the customer’s readers with lookIdCardUrl, once the customer is saved with it', async () => {
    first = await upload('admin');
    const saved = await save({ customerName: '证件客户', mobile: '13800007001', idCardUrl: first.url });
    expect(saved.code).toBe(0);
    customerId = saved.data.id;
    await t.database.db.execute(
      sql`update crm_customer set owner_user_id = ${ids.sunli} where customer_id = ${customerId}`,
    );
    expect(await sees(first.url, 'admin')).toBe('image');
    expect(await sees(first.url, 'wangzong')).toBe('image');
    // Readers without lookIdCardUrl, and holders of it who may not read this customer.
    for (const who of ['sunli', 'hexue', 'zhenghao'])
      expect(await sees(first.url, who)).toMatchObject({ code: 403, msg: '无权访问' });
  });

  it('replaced, the old image goes and the new one follows the customer', async () => {
    const second = await upload('admin');
    const edit = (await post('admin', '/CrmCustomer/queryForEdit', { id: customerId })).data;
    const saved = await post(
      'admin',
      '/CrmCustomer/addOrUpdate',
      customerPanel({ ...edit, customerId, shopOwnerId: edit.storeId, idCardUrl: second.url }),
    );
    expect(saved.code).toBe(0);
    expect(await sees(second.url, 'wangzong')).toBe('image');
    expect(await sees(first.url, 'admin')).toMatchObject({ code: 404, msg: '文件不存在' });
  });

  it('names no claim on another person’s upload: that stays its uploader’s', async () => {
    const hers = await upload('hexue');
    const saved = await save({ customerName: '借图客户', mobile: '13800007002', idCardUrl: hers.url });
    expect(saved.code).toBe(0);
    expect(await sees(hers.url, 'wangzong')).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await sees(hers.url, 'hexue')).toBe('image');
  });

  it('goes with the customer when it is deleted', async () => {
    const img = await upload('admin');
    const saved = await save({ customerName: '删除客户', mobile: '13800007003', idCardUrl: img.url });
    expect((await post('admin', '/CrmCustomer/deleteByIds', { ids: [saved.data.id] })).code).toBe(0);
    const left = await queryRows(t.database.db, sql`select 1 from sys_file where file_id = ${img.fileId}`);
    expect(left).toEqual([]);
  });
});

describe('the migration of files saved before saves attached them', () => {
  /** The hand-written statements at the end of the migration. */
  const statements = fs
    .readFileSync(path.join(migrationsFolder, '0047_import_jobs_id_images.sql'), 'utf8')
    .split('--> statement-breakpoint');
  const fix = statements.slice(statements.findIndex((s) => s.includes('-- hand-written:')));

  it('gives a staged image the customer naming it, and leaves other uploads alone', async () => {
    const img = await upload('admin');
    const other = await upload('admin');
    const saved = await save({ customerName: '旧证件客户', mobile: '13800007004' });
    const id = saved.data.id as number;
    // As before: the address stored, the file staged.
    await t.database.db.execute(sql`update crm_customer set id_card_url = ${img.url} where customer_id = ${id}`);
    expect(await sees(img.url, 'wangzong')).toMatchObject({ code: 403, msg: '无权访问' });
    for (const statement of fix) await t.database.db.execute(sql.raw(statement));
    expect(await sees(img.url, 'wangzong')).toBe('image');
    const owners = await queryRows<{ file_id: number; owner_kind: string | null; owner_id: number | null }>(
      t.database.db,
      sql`select file_id, owner_kind, owner_id from sys_file where file_id in (${img.fileId}, ${other.fileId}) order by file_id`,
    );
    expect(owners).toEqual([
      { file_id: img.fileId, owner_kind: 'crm_customer.idCardUrl', owner_id: id },
      { file_id: other.fileId, owner_kind: null, owner_id: null },
    ]);
  });

  it('gives a record the staged files of its custom file fields', async () => {
    await t.database.db.execute(
      sql`insert into crm_field (label, scope_id, field_name, name, form_type) values (2, 0, 'field_old_file', '旧附件', 'file')`,
    );
    const doc = (
      await postMultipart<FileInfo>(
        t,
        '/file/upload',
        { batchId: 'old-field-batch', file: file('a.pdf', fixtures.pdf) },
        tokens.admin,
      )
    ).data;
    const saved = await save({ customerName: '旧附件客户', mobile: '13800007005' });
    const id = saved.data.id as number;
    await t.database.db.execute(
      sql`update crm_customer set fields = '{"field_old_file": "old-field-batch"}'::jsonb where customer_id = ${id}`,
    );
    for (const statement of fix) await t.database.db.execute(sql.raw(statement));
    const [row] = await queryRows<{ owner_kind: string; owner_id: number }>(
      t.database.db,
      sql`select owner_kind, owner_id from sys_file where file_id = ${doc.fileId}`,
    );
    expect(row).toEqual({ owner_kind: 'crm_customer', owner_id: id });
  });
});
