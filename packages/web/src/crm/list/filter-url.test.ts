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

  it('opens the contracts and receivables under review from their to-do tiles', () => {
    const url = new URL(todoTargets.checkContract!, 'http://x');
    expect(url.pathname).toBe('/crm/contract');
    expect(filterFromUrl(url.searchParams.get('filter'))).toMatchObject({
      checkStatus: { condition: 'in', value: [0, 3] },
    });
    expect(new URL(todoTargets.checkReceivables!, 'http://x').pathname).toBe('/crm/receivables');
  });
});
