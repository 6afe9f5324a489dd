import { buildAuthObject } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { relatedKinds, relationBody, relationOf } from './related';

describe('relatedKinds', () => {
  it('offers customers to whoever may list them, and nothing otherwise', () => {
    expect(relatedKinds(buildAuthObject(['oa:examine:use', 'crm:customer:index'])).map((k) => k.key)).toEqual([
      'customerIds',
    ]);
    expect(relatedKinds(buildAuthObject(['oa:examine:use', 'crm:customer:read']))).toEqual([]);
    expect(relatedKinds(buildAuthObject(['oa:examine:use']))).toEqual([]);
    expect(relatedKinds(null)).toEqual([]);
  });

  it('offers opportunities after customers to whoever may list them', () => {
    const auth = buildAuthObject(['crm:customer:index', 'crm:business:index']);
    expect(relatedKinds(auth).map((k) => [k.key, k.prefix])).toEqual([
      ['customerIds', 'CrmCustomer'],
      ['businessIds', 'CrmBusiness'],
    ]);
    expect(relatedKinds(buildAuthObject(['crm:business:index'])).map((k) => k.key)).toEqual(['businessIds']);
  });

  it('offers contracts to whoever may list them', () => {
    const auth = buildAuthObject(['oa:examine:use', 'crm:customer:index', 'crm:contract:index']);
    expect(relatedKinds(auth).map((k) => [k.key, k.prefix])).toEqual([
      ['customerIds', 'CrmCustomer'],
      ['contractIds', 'CrmContract'],
    ]);
    expect(relatedKinds(buildAuthObject(['crm:contract:read'])).map((k) => k.key)).toEqual([]);
  });

  it('offers contacts and leads, in the approval order, to whoever may list them', () => {
    const auth = buildAuthObject(['crm:customer:index', 'crm:contacts:index', 'crm:leads:index']);
    expect(relatedKinds(auth).map((k) => [k.key, k.prefix])).toEqual([
      ['customerIds', 'CrmCustomer'],
      ['contactsIds', 'CrmContacts'],
      ['leadsIds', 'CrmLeads'],
    ]);
    expect(relatedKinds(buildAuthObject(['crm:leads:read'])).map((k) => k.key)).toEqual([]);
  });

  it('offers every kind in the approval order to whoever may list them all', () => {
    const kinds = ['customer', 'contacts', 'business', 'leads', 'contract'];
    const auth = buildAuthObject(kinds.map((k) => `crm:${k}:index`));
    expect(relatedKinds(auth).map((k) => k.key)).toEqual(kinds.map((k) => `${k}Ids`));
  });
});

describe('relationBody', () => {
  const kinds = relatedKinds(buildAuthObject(['crm:customer:index']));
  it('sends the chosen customers as a comma list', () => {
    const value = {
      customerIds: [
        { id: 3, name: '张三' },
        { id: 8, name: '李四' },
      ],
    };
    expect(relationBody(value, kinds, undefined)).toEqual({ customerIds: '3,8' });
  });
  it('keeps what an edited approval links in kinds the user is not offered, and lets them clear the rest', () => {
    const saved = { customerIds: [3], contractIds: [5, 6] };
    expect(relationBody({ customerIds: [] }, kinds, saved)).toEqual({ customerIds: '', contractIds: '5,6' });
    expect(relationBody(undefined, [], saved)).toEqual({ customerIds: '3', contractIds: '5,6' });
  });
  it('prefills an edit with the saved ids, names to be looked up', () => {
    expect(relationOf({ customerIds: [3] }, kinds)).toEqual({ customerIds: [{ id: 3, name: '' }] });
  });
});
