import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../core/sql.ts';
import type { Answer, TestApp } from '../test/harness.ts';

/** Ids of the seeded organisation by name: users by username, departments and roles by name. */
export type OrgIds = { user: Record<string, number>; dept: Record<string, number>; role: Record<string, number> };

export async function orgIds(t: TestApp): Promise<OrgIds> {
  const db = t.database.db;
  const pairs = async (q: ReturnType<typeof sql>) =>
    Object.fromEntries((await queryRows<{ k: string; id: number }>(db, q)).map((r) => [r.k, Number(r.id)]));
  return {
    user: await pairs(sql`select username as k, user_id as id from sys_user`),
    dept: await pairs(sql`select name as k, dept_id as id from sys_dept`),
    role: await pairs(sql`select role_name as k, role_id as id from sys_role`),
  };
}

/** Log in each persona once per file. */
export async function tokensOf(t: TestApp, usernames: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const u of usernames) out[u] = await t.login(u);
  return out;
}

/** Assert a refusal: the code and the exact message. */
export function expectRefused(res: Answer, code: number, msg: string): void {
  expect({ code: res.code, msg: res.msg }).toEqual({ code, msg });
}

/** A multipart body with one file part (and optional text fields), as a browser would send it. */
export function multipartBody(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----crmtest${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 1×1 transparent PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
