import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aliasesOf, renameAliases, withAliases } from './aliases.ts';
import { idField, idList } from './fields.ts';

const schema = withAliases(z.object({ id: idField('客户不存在'), ids: idList('请选择客户').optional() }), {
  customerId: 'id',
  customerIds: 'ids',
});

describe('withAliases: the original client names its fields after the kind', () => {
  it.each([
    ['ours', { id: 3 }, { id: 3 }],
    ['the original name', { customerId: '3' }, { id: 3 }],
    ['the original list name, comma-joined', { customerId: 1, customerIds: '4,5' }, { id: 1, ids: [4, 5] }],
    ['ours wins when both carry a value', { id: 3, customerId: 9 }, { id: 3 }],
    ['an empty own value gives way to the alias', { id: '', customerId: 9 }, { id: 9 }],
  ])('%s', (_what, body, expected) => {
    expect(schema.parse(body)).toEqual(expected);
  });

  it('the alias is read by the same rule as our name (true is not an id)', () => {
    const r = schema.safeParse({ customerId: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('客户不存在');
  });

  it('renames without touching the sent body, and leaves non-objects alone', () => {
    const body = { customerId: 2 };
    expect(renameAliases(body, { customerId: 'id' })).toEqual({ id: 2 });
    expect(body).toEqual({ customerId: 2 });
    expect(renameAliases([1], { customerId: 'id' })).toEqual([1]);
  });

  it('records the declared names, also through a second wrapper', () => {
    expect(aliasesOf(schema)).toEqual({ customerId: 'id', customerIds: 'ids' });
    expect(aliasesOf(withAliases(schema, { typesId: 'id' }))).toEqual({
      customerId: 'id',
      customerIds: 'ids',
      typesId: 'id',
    });
    expect(() => withAliases(z.object({ id: z.number() }), { id: 'id' })).toThrow();
  });
});
