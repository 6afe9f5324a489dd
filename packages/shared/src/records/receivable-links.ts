/**
 * The receivable form's linked fields (crm-records 4): the contract waits for a customer, the
 * plan for a contract; choosing another customer empties contract and plan, another contract
 * the plan. Pure, so the form and its tests read the same rule.
 */
export type ReceivableLinks = { customerId?: number; contractId?: number; planId?: number };

/** The links after one change: what depends on a changed link is emptied. */
export function changeLinks(before: ReceivableLinks, change: ReceivableLinks): ReceivableLinks {
  if ('customerId' in change && change.customerId !== before.customerId)
    return { customerId: change.customerId, contractId: undefined, planId: undefined };
  if ('contractId' in change && change.contractId !== before.contractId)
    return { ...before, contractId: change.contractId, planId: undefined };
  return { ...before, ...change };
}

/** Which link fields may be used: nothing after an empty parent; a relative create locks its parents. */
export function linkFieldsEnabled(links: ReceivableLinks, locked: { customer?: boolean; contract?: boolean } = {}) {
  return {
    customer: !locked.customer,
    contract: !locked.contract && links.customerId !== undefined,
    plan: links.contractId !== undefined,
  };
}
