import { defineConfig } from 'drizzle-kit';
import { schemaFiles } from './src/db/schema-files.ts';

export default defineConfig({
  dialect: 'postgresql',
  // Every feature's tables where they live (db/schema-files.ts), not one file importing them all.
  schema: schemaFiles,
  out: './drizzle',
});
