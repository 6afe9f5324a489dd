export * from './conditions.ts';
export * from './engine.ts';
export * from './messages.ts';
export * from './permitted.ts';
export * from './status-sets.ts';
export * from './types.ts';
