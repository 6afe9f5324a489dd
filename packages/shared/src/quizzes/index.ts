export * from './contracts.ts';
export * from './permissions.ts';
export * from './schemas.ts';
export * from './scoring.ts';
