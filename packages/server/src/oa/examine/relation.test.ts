import { ModuleCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { probeCustomFields, probeServerKind } from '../../crm/records/probe-kind.ts';
import { addProbeKind } from '../../crm/records/test-support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The related-business block links only records the applicant may read. The probe kind of the
 * record machinery stands in for customers here (it declares itself linkable as customers are, so
 * the check finds it under `customerIds`, and takes their module code);
 * sunli (销售一部) may read her own records, not zhenghao's (销售二部).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let generalId: number;

beforeAll(async () => {
  t = await createTestApp();
  await addProbeKind(
    t,
    { customFields: async () => probeCustomFields },
    {
      ...probeServerKind,
      kind: { ...probeServerKind.kind, key: 'customer', label: ModuleCode.customer, link: { formType: 'customer' } },
    },
  );
  for (const u of ['sunli', 'liming']) tokens[u] = await t.login(u);
  const users = await queryRows<{ user_id: number; username: string }>(
    t.database.db,
    sql`select user_id, username from sys_user where username in ('sunli', 'zhenghao', 'liming')`,
  );
  const uid = (name: string) => Number(users.find((u) => u.username === name)!.user_id);
  ids.liming = uid('liming');
  for (const [key, owner] of [
    ['mine', 'sunli'],
    ['theirs', 'zhenghao'],
  ] as const) {
    const [row] = await queryRows<{ probe_id: number }>(
      t.database.db,
      sql`insert into crm_probe (probe_name, owner_user_id, create_user_id, batch_id)
          values (${key}, ${uid(owner)}, ${uid(owner)}, ${`rel-${key}`}) returning probe_id`,
    );
    ids[key] = Number(row!.probe_id);
  }
  const cats = await t.post('/OaExamineCategory/queryCategoryGroups', {}, tokens.sunli);
  const all = (cats.data as { list: { categoryId: number; type: string }[] }[]).flatMap((g) => g.list);
  generalId = all.find((c) => c.type === 'general')!.categoryId;
});
afterAll(() => t.close());

const submit = (customerIds: string, batch: string) =>
  t.post(
    '/OaExamine/setOaExamine',
    {
      oaExamine: { categoryId: generalId, content: '拜访客户', detail: '报销路费', batchId: batch },
      oaExamineRelation: { customerIds },
      checkUserId: [ids.liming],
    },
    tokens.sunli,
  );

describe('OaExamine/setOaExamine with related customers', () => {
  it('links a record the applicant may read', async () => {
    const res = await submit(String(ids.mine), 'rel-ok');
    expect(res.code).toBe(0);
    const detail = await t.post('/OaExamine/queryOaExamineInfo', { examineId: res.data.examineId }, tokens.sunli);
    expect(detail.data.relation).toEqual({ customerIds: [ids.mine] });
  });

  it('refuses a record outside the applicant’s scope, and an unknown one, saving nothing', async () => {
    const other = await submit(`${ids.mine},${ids.theirs}`, 'rel-other');
    expect([other.code, other.msg]).toEqual([403, '无权访问']);
    const unknown = await submit('999999', 'rel-unknown');
    expect([unknown.code, unknown.msg]).toEqual([404, '样品不存在']);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from oa_examine where batch_id in ('rel-other', 'rel-unknown')`,
    );
    expect(Number(n!.n)).toBe(0);
  });
});
