export * from './field-types.ts';
export * from './patterns.ts';
export * from './validate.ts';
