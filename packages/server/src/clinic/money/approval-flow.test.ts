import type { Input } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * `/clinic/approval/flow`: the 开单 page and the refund dialog read whether the applicant chooses
 * the approver (the demo's categories) or who the fixed steps go to, and a disabled category.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'lina']);
});
afterAll(() => t?.close());

const flow = (type: Input<'/clinic/approval/flow'>['type'], who = 'sunli') =>
  call(who, '/clinic/approval/flow', { type });
const setCategory = (type: string, set: ReturnType<typeof sql>) =>
  t.database.db.execute(sql`update oa_examine_category set ${set} where type = ${type}`);

describe('/clinic/approval/flow', () => {
  it('answers a chosen-approver flow for both clinic approvals', async () => {
    expect(await flow('discount')).toMatchObject({ code: 0, data: { enabled: true, chooseApprover: true, steps: [] } });
    expect(await flow('refund')).toMatchObject({ code: 0, data: { enabled: true, chooseApprover: true, steps: [] } });
  });

  it('names the people of fixed steps and says when the category is disabled', async () => {
    const steps = JSON.stringify([
      { stepType: 1, userIds: [] },
      { stepType: 2, userIds: [uid.wangzong] },
    ]);
    await setCategory('clinic_refund', sql`examine_type = 1, steps = ${steps}::jsonb`);
    await setCategory('clinic_discount', sql`status = 0`);
    try {
      expect(await flow('refund')).toMatchObject({
        code: 0,
        data: {
          enabled: true,
          chooseApprover: false,
          steps: [
            { stepType: 1, names: [] },
            { stepType: 2, names: ['王建国'] },
          ],
        },
      });
      expect(await flow('discount')).toMatchObject({ code: 0, data: { enabled: false, chooseApprover: false } });
    } finally {
      await setCategory('clinic_refund', sql`examine_type = 2, steps = '[]'::jsonb`);
      await setCategory('clinic_discount', sql`status = 1`);
    }
  });

  it('refuses an unknown type and someone who neither opens orders nor asks for refunds', async () => {
    expect(await flow(raw('leave'))).toMatchObject({ code: 400, msg: '审批类型有误' });
    // 李娜 is the cashier: she pays refunds out but does not ask for them.
    expect(await flow('refund', 'lina')).toMatchObject({ code: 403 });
  });
});
