import { systemSceneIds } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { todoTargets } from '@/workbench/home/todo-targets';
import { filterFromUrl } from './RecordListPage';

describe('filterFromUrl', () => {
  it('reads the filter a link carries, and nothing from a broken one', () => {
    expect(filterFromUrl('{"checkStatus":{"condition":"in","value":[0,3]}}')).toEqual({
      checkStatus: { condition: 'in', value: [0, 3] },
    });
    expect(filterFromUrl(null)).toEqual({});
    expect(filterFromUrl('not json')).toEqual({});
    expect(filterFromUrl('[1]')).toEqual({});
  });

  it('opens each CRM to-do tile on the list scene the server counts it with', () => {
    const open = (key: keyof typeof todoTargets) => {
      const url = new URL(todoTargets[key]!, 'http://x');
      return [url.pathname, Number(url.searchParams.get('scene'))];
    };
    expect(open('followLeads')).toEqual(['/crm/leads', systemSceneIds.followUp]);
    expect(open('checkContract')).toEqual(['/crm/contract', systemSceneIds.toReview]);
    expect(open('checkReceivables')).toEqual(['/crm/receivables', systemSceneIds.toReview]);
    expect(open('remindReceivablesPlan')).toEqual(['/crm/contract', systemSceneIds.planDue]);
    expect(open('endContract')).toEqual(['/crm/contract', systemSceneIds.expiring]);
    expect(open('todayCustomer')).toEqual(['/crm/customer', systemSceneIds.contactToday]);
    expect(open('followCustomer')).toEqual(['/crm/customer', systemSceneIds.notFollowed]);
  });
});
