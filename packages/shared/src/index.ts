export * from './api/messages.ts';
export * from './api/result.ts';
export * from './auth/permissions.ts';
export * from './org/data-scope.ts';
export * from './schemas/auth.ts';
export * from './schemas/fields.ts';
export * from './schemas/system.ts';
