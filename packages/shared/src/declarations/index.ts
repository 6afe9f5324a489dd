export * from './contracts.ts';
export * from './permissions.ts';
export * from './schemas.ts';
