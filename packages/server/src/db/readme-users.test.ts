import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoRoles, demoUsers } from './seed.ts';

/**
 * The README's demo-user table is what the seed makes (issue 26 item 6: it had lost the 外勤主管
 * role four users hold): a persona added to, or a role changed in, `demoUsers` without its row fails.
 * Likewise the README's word on who may export and import in the demo (issue 26 item 6: sales
 * reps had no export button, by design; now said) against the seeded roles.
 */
const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');

function tableRows(): Map<string, { name: string; dept: string; post: string; roles: string[] }> {
  const section = readme.split('## Demo users')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, { name: string; dept: string; post: string; roles: string[] }>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | username | name | dept | post | roles |: skip the header and its rule.
    if (cells.length < 7 || cells[1] === 'Username' || cells[1]?.startsWith('---')) continue;
    const [, username, name, dept, post, roles] = cells as [string, string, string, string, string, string];
    rows.set(username, { name, dept, post, roles: roles.split(/[,，]\s*/).filter(Boolean) });
  }
  return rows;
}

describe('README demo users', () => {
  it('lists every demo user once, with the name, department, post and roles the seed gives', () => {
    const rows = tableRows();
    expect([...rows.keys()].sort()).toEqual(demoUsers.map((u) => u.username).sort());
    for (const u of demoUsers) {
      const row = rows.get(u.username)!;
      expect({ who: u.username, ...row, roles: [...row.roles].sort() }).toEqual({
        who: u.username,
        name: u.realname,
        dept: u.dept,
        post: u.post,
        roles: [...u.roles].sort(),
      });
    }
  });

  it('names the 外勤主管 role and the four users who hold it', () => {
    const holders = demoUsers.filter((u) => u.roles.includes('外勤主管')).map((u) => u.username);
    expect(holders).toHaveLength(4);
    for (const h of holders) expect(tableRows().get(h)?.roles).toContain('外勤主管');
  });

  it('says who may export and import, as the seeded roles do: managers export, reps and advisors not', () => {
    const crmExcel = (role: keyof typeof demoRoles, what: 'excelexport' | 'excelimport') =>
      demoRoles[role].permissions.filter((p) => p.startsWith('crm:') && p.endsWith(`:${what}`));
    expect(crmExcel('客户管理员', 'excelexport')).toContain('crm:customer:excelexport');
    expect(crmExcel('销售经理', 'excelexport')).toContain('crm:customer:excelexport');
    expect(crmExcel('财务', 'excelexport').sort()).toEqual(['crm:contract:excelexport', 'crm:receivables:excelexport']);
    expect(crmExcel('销售', 'excelexport')).toEqual([]);
    expect(crmExcel('顾问', 'excelexport')).toEqual([]);
    const importers = (Object.keys(demoRoles) as (keyof typeof demoRoles)[]).filter(
      (r) => crmExcel(r, 'excelimport').length > 0,
    );
    expect(importers).toEqual(['客户管理员']);
    const excel = readme.replace(/\s+/g, ' ');
    expect(excel).toContain(
      "export is a manager's right in the demo (客户管理员, 销售经理 and 财务 for contracts and receivables)",
    );
    expect(excel).toContain('sales reps (销售) and advisors (顾问) have no export button');
    expect(excel).toContain("Import is 客户管理员's.");
  });
});
