export * from './clock.ts';
export * from './field.ts';
