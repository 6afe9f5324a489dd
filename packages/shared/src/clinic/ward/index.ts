export * from './follow-up.ts';
export * from './schemas.ts';
export * from './states.ts';
