export * from './field-types.ts';
export * from './validate.ts';
