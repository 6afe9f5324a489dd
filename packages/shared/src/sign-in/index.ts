export * from './messages.ts';
export * from './permissions.ts';
export * from './rules.ts';
export * from './schemas.ts';
