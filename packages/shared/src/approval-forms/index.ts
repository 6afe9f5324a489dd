export * from './condition-facts.ts';
export * from './definitions.ts';
export * from './expense.ts';
export * from './leave.ts';
export * from './money.ts';
export * from './rules.ts';
export * from './simple.ts';
export * from './submit.ts';
