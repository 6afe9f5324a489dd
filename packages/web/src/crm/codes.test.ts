import { describe, expect, it } from 'vitest';
import { labelled, shownValue, shownValues } from './codes';
import { crmKindByKey } from './kinds';

const customer = crmKindByKey('customer')!;

describe('a customer record as a person reads it', () => {
  const record = { customerId: 8, gender: 2, hasSign: true, shopOwnerId: 2, shopOwnerName: '春熙路店' };

  it('shows 所属门店 by the shop’s name the record carries, not its id', () => {
    expect(shownValue(customer, record, 'shopOwnerId')).toBe('春熙路店');
    expect(shownValues(customer, record)).toMatchObject({ shopOwnerId: '春熙路店', gender: '女', hasSign: '是' });
    // A form edits the id: its values keep it.
    expect(labelled(customer, record)).toMatchObject({ shopOwnerId: 2, gender: '女' });
  });

  it('falls back to the id when the record carries no name, and leaves other fields as they are', () => {
    expect(shownValue(customer, { shopOwnerId: 2 }, 'shopOwnerId')).toBe(2);
    expect(shownValue(customer, { shopOwnerId: 2, shopOwnerName: '' }, 'shopOwnerId')).toBe(2);
    expect(shownValue(customer, record, 'customerId')).toBe(8);
  });
});
