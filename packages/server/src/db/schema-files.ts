/**
 * Where the Drizzle tables are, for drizzle-kit (drizzle.config.ts, relative to packages/server):
 * the core tables in db/schema.ts and each feature's in its own `tables.ts` or `<name>-tables.ts`.
 * A table declared anywhere else would be missed by `npm run db:generate`; schema-files.test.ts
 * fails on one.
 */
export const schemaFiles = ['./src/db/schema.ts', './src/**/tables.ts', './src/**/*-tables.ts'];
