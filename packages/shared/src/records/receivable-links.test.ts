import { describe, expect, it } from 'vitest';
import { changeLinks, linkFieldsEnabled } from './receivable-links.ts';

describe('the receivable form links (crm-records 4)', () => {
  it('starts with contract and plan disabled', () => {
    expect(linkFieldsEnabled({})).toEqual({ customer: true, contract: false, plan: false });
  });

  it('choosing a customer enables the contract; choosing a contract enables the plan', () => {
    expect(linkFieldsEnabled({ customerId: 1 })).toEqual({ customer: true, contract: true, plan: false });
    expect(linkFieldsEnabled({ customerId: 1, contractId: 2 })).toEqual({ customer: true, contract: true, plan: true });
  });

  it('another customer resets contract and plan; another contract resets the plan', () => {
    const full = { customerId: 1, contractId: 2, planId: 3 };
    expect(changeLinks(full, { customerId: 9 })).toEqual({ customerId: 9, contractId: undefined, planId: undefined });
    expect(changeLinks(full, { customerId: undefined })).toEqual({
      customerId: undefined,
      contractId: undefined,
      planId: undefined,
    });
    expect(changeLinks(full, { contractId: 5 })).toEqual({ customerId: 1, contractId: 5, planId: undefined });
    expect(changeLinks(full, { planId: 4 })).toEqual({ customerId: 1, contractId: 2, planId: 4 });
    expect(changeLinks(full, { customerId: 1 })).toEqual(full);
  });

  it('a relative create from a contract locks customer and contract', () => {
    expect(linkFieldsEnabled({ customerId: 1, contractId: 2 }, { customer: true, contract: true })).toEqual({
      customer: false,
      contract: false,
      plan: true,
    });
  });
});
