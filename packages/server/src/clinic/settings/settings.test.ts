import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const { call, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli']);
});
afterAll(() => t.close());

describe('smoke', () => {
  it('tag', async () => {
    const made = await call('admin', '/clinicSettings/tag/save', { name: '测试', color: 'red' });
    expect(made).toMatchObject({ code: 0 });
    const list = await call('admin', '/clinicSettings/tag/queryList', { search: '测试' });
    expect(list.data.list[0]).toMatchObject({ name: '测试', color: 'red' });
    expect((await call('sunli', '/clinicSettings/tag/queryList', {})).msg).toBe(Msg.forbidden);
  });
});
