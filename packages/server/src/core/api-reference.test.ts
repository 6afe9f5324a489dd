import fs from 'node:fs';
import path from 'node:path';
import { apiReference, describeResponse, responseContracts } from '@crm/shared';
import { describe, expect, it } from 'vitest';

describe('docs/api/reference.md', () => {
  it('is the reference generated from the shared response contracts (run npm run docs:api)', () => {
    const file = path.resolve(import.meta.dirname, '../../../../docs/api/reference.md');
    expect(fs.readFileSync(file, 'utf8')).toBe(apiReference());
  });

  it('names every field of an answer with its type', () => {
    expect(describeResponse(responseContracts['/system/dept/addDept'])).toBe('{\n  id: number;\n}');
    expect(describeResponse(responseContracts['/system/dept/queryDeptTree'])).toContain('children: DeptNode[];');
    expect(describeResponse(responseContracts['/OaExamine/queryOaExamineInfo'])).toContain(
      'kind: "submit" | "approve" | "reject"',
    );
  });
});
