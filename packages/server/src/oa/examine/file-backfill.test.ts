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

/** The migration that gives files stored before owners existed the approval that names them. */
const backfill = fs
  .readFileSync(path.join(migrationsFolder, '0005_file_owners_backfill.sql'), 'utf8')
  .split('--> statement-breakpoint');

let t: TestApp;
const { tokens, signIn } = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'zhoujie', 'admin']);
});
afterAll(() => t.close());

const upload = async (who: string, batchId: string, name: string) =>
  (await postMultipart<FileInfo>(t, '/file/upload', { batchId, file: file(name, fixtures.png) }, tokens[who])).data;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const ownerOf = async (fileId: number) =>
  (
    await rows<{ owner_kind: string | null; owner_id: number | null }>(
      sql`select owner_kind, owner_id from sys_file where file_id = ${fileId}`,
    )
  )[0];

describe('backfill of file owners', () => {
  it('attaches legacy files named by an approval (its batch, a file field, an expense row) and the logo', async () => {
    const main = await upload('sunli', 'legacy-main', '主.png');
    const field = await upload('sunli', 'legacy-field', '字段.png');
    const row = await upload('sunli', 'legacy-row', '发票.png');
    const stranger = await upload('zhoujie', 'legacy-main', '别人的.png');
    const orphan = await upload('sunli', 'legacy-orphan', '孤儿.png');
    const logo = await postMultipart(
      t,
      '/sysConfig/set',
      { companyName: 'x', file: file('l.png', fixtures.png) },
      tokens.admin,
    );
    const [sunli] = await rows<{ id: number }>(sql`select user_id as id from sys_user where username = 'sunli'`);
    const [made] = await rows<{ examine_id: number }>(
      sql`insert into oa_examine (category_id, create_user_id, batch_id, field_values)
          values (1, ${sunli!.id}, 'legacy-main', ${JSON.stringify({
            field_1: 'legacy-field',
            field_2: [{ startAddress: '成都', batchId: 'legacy-row' }],
            field_3: '普通文字',
          })}::jsonb) returning examine_id`,
    );
    const examineId = Number(made!.examine_id);
    // As before owners existed: nothing attached.
    await t.database.db.execute(sql`update sys_file set owner_kind = null, owner_id = null`);

    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));

    for (const f of [main, field, row])
      expect(await ownerOf(f.fileId)).toEqual({ owner_kind: 'oa_examine', owner_id: examineId });
    expect(await ownerOf(stranger.fileId)).toEqual({ owner_kind: null, owner_id: null });
    expect(await ownerOf(orphan.fileId)).toEqual({ owner_kind: null, owner_id: null });
    const logoKey = String(logo.data.logo).split('/').pop();
    const [logoRow] = await rows<{ owner_kind: string }>(
      sql`select owner_kind from sys_file where storage_key = ${logoKey}`,
    );
    expect(logoRow!.owner_kind).toBe('sys_logo');
  });
});
