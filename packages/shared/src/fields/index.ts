export * from './field-types.ts';
export * from './numeric.ts';
export * from './patterns.ts';
export * from './validate.ts';
