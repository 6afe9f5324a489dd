export * from './additional-order.ts';
export * from './condition-facts.ts';
export * from './definitions.ts';
export * from './expense.ts';
export * from './hr.ts';
export * from './leave.ts';
export * from './money.ts';
export * from './original.ts';
// /reimbursementDetail: an approved expense claim on an open link (issue 25).
export * from './reimbursement.ts';
export * from './rules.ts';
export * from './simple.ts';
export * from './submit.ts';
