import { describe, expect, it } from 'vitest';
import { contactsKind } from './contacts.ts';
import { contractSaveSchema } from './contract.ts';
import { customerKind } from './customer.ts';
import { leadsKind } from './leads.ts';
import { forKind, fromOriginalEntity, originalNamesOf } from './original.ts';
import { productKind } from './product.ts';
import { crmRecordIdSchema, transferSchemaOf } from './schemas.ts';

describe("the original client's create forms (fromOriginalEntity)", () => {
  it('reads snake_case fixed fields by the kind mapping, with the declared exceptions', () => {
    expect(originalNamesOf(leadsKind)).toMatchObject({ leads_name: 'name', leads_id: 'leadsId' });
    const entity = fromOriginalEntity(customerKind, { customer_name: '张三', id_card: '1', shop_owner_id: 2 });
    expect(entity).toMatchObject({ customerName: '张三', idCard: '1', shopOwnerId: 2 });
    expect(Object.keys(entity)).not.toContain('customer_name');
  });

  it('keeps a picked relation as its id and a category as the last of its path', () => {
    expect(fromOriginalEntity(contactsKind, { customer_id: [{ customerId: 7, customerName: '甲' }] }).customerId).toBe(
      7,
    );
    expect(fromOriginalEntity(contactsKind, { customerId: [{ customerId: 8 }] }).customerId).toBe(8);
    expect(fromOriginalEntity(contactsKind, { customer_id: [] }).customerId).toBe('');
    expect(fromOriginalEntity(productKind, { category_id: [3, 9] }).categoryId).toBe(9);
  });

  it('gives a new form a batch, never an edit, and lets our own name win', () => {
    expect(fromOriginalEntity(leadsKind, { leads_name: 'a' }).batchId).toMatch(/^o-/);
    expect(fromOriginalEntity(leadsKind, { leads_name: 'a', leadsId: 3 }).batchId).toBeUndefined();
    expect(fromOriginalEntity(leadsKind, { leads_name: 'a', batchId: 'mine' }).batchId).toBe('mine');
    expect(fromOriginalEntity(leadsKind, { leads_name: 'theirs', name: 'ours' }).name).toBe('ours');
  });

  it('reaches the save schema: a contract from the original form parses', () => {
    const parsed = contractSaveSchema.parse({
      entity: { num: 'HT-1', name: '合同', customer_id: [{ customerId: 5 }], money: '10', order_date: '2026-11-01' },
      field: [],
    });
    expect(parsed.entity).toMatchObject({ customerId: 5, orderDate: '2026-11-01', num: 'HT-1' });
    expect(parsed.entity.batchId).toMatch(/^o-/);
  });
});

describe("the original client's id names (forKind)", () => {
  it('reads customerId / customerIds as id / ids, and a transfer changeType as carry', () => {
    expect(forKind(crmRecordIdSchema, customerKind).parse({ customerId: '4' })).toEqual({ id: 4 });
    const transfer = forKind(transferSchemaOf(customerKind), customerKind).parse({
      customerIds: '1,2',
      newOwnerUserId: 3,
      changeType: '1,3',
    });
    expect(transfer).toMatchObject({ ids: [1, 2], carry: ['contract'] });
    expect(forKind(crmRecordIdSchema, customerKind)).toBe(forKind(crmRecordIdSchema, customerKind));
  });
});
