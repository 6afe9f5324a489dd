export * from './engine.ts';
export * from './messages.ts';
export * from './types.ts';
