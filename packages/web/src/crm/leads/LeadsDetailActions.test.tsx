import type { RecordRow } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showDetailActions, sunLiRow } from '@/test/crm-records';
import { fakeFetch } from '@/workbench/examine/test-utils';
import { crmKindByKey } from '../kinds';
import LeadsDetailActions from './LeadsDetailActions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const leads = crmKindByKey('leads')!;
const row = (extra: Partial<RecordRow> = {}): RecordRow =>
  sunLiRow({ leadsId: 7, name: '王小美', batchId: 'b-7', isTransform: false, customerId: null, ...extra });

const show = (permissions: string[], record = row(), write = true) =>
  showDetailActions(LeadsDetailActions, { kind: leads, id: 7, record, permissions, write });

describe('LeadsDetailActions', () => {
  it('converts the lead after confirmation and refreshes', async () => {
    const calls = fakeFetch({ '/CrmLeads/transfer': { list: [{ leadsId: 7, customerId: 12 }] } });
    const refresh = show(['crm:leads:read', 'crm:leads:transform']);
    fireEvent.click(screen.getByTestId('leads-convert'));
    fireEvent.click((await screen.findByText(/^(OK|确\s?定)$/)).closest('button')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/CrmLeads/transfer')?.body).toEqual({ leadsIds: [7] }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('offers no conversion without crm:leads:transform or write access', () => {
    fakeFetch({});
    show(['crm:leads:read']);
    expect(screen.queryByTestId('leads-convert')).toBeNull();
    cleanup();
    show(['crm:leads:read', 'crm:leads:transform'], row(), false);
    expect(screen.queryByTestId('leads-convert')).toBeNull();
  });

  it('shows a converted lead as converted, with its customer', () => {
    fakeFetch({});
    show(['crm:leads:read', 'crm:leads:transform'], row({ isTransform: true, customerId: 12 }));
    expect(screen.getByTestId('leads-converted').textContent).toBe('已转化');
    expect(screen.queryByTestId('leads-convert')).toBeNull();
    expect(screen.getByText('查看客户')).toBeTruthy();
  });
});
