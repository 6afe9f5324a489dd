// Writes docs/api/reference.md from the shared response contracts (npm run docs:api).
import fs from 'node:fs';
import path from 'node:path';
import { apiReference } from '@crm/shared';

const target = path.resolve(import.meta.dirname, '../docs/api/reference.md');
fs.writeFileSync(target, apiReference());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
