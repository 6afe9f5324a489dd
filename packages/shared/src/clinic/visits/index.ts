export * from './live.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './rules.ts';
export * from './schemas.ts';
export * from './states.ts';
// The consultation room and live queues (h-witness).
export * from './witness.ts';
