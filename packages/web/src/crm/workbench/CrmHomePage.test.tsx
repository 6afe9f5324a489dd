import { buildAuthObject } from '@crm/shared';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { areaHomePath } from '@/shell/access';
import { areas } from '@/shell/areas';
import { sessionStore } from '@/shell/session-store';
import type { Answers } from '@/test/answers';
import { crmCounts } from '@/test/backlog';
import { recordRow } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { crmArea } from '../area';
import CrmHomePage from './CrmHomePage';
import { reached } from './figures';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sales = ['crm:customer:index', 'crm:customer:read', 'crm:contract:index', 'crm:receivables:index'];
const counts = crmCounts({ todayCustomer: 2, followCustomer: 5, checkContract: 1, endContract: 3 });
const figures = {
  month: '2026-11',
  newCustomers: 4,
  followUps: 17,
  contractMoney: 1200050,
  contractTarget: 2000000,
  receivablesMoney: 30000,
  receivablesTarget: null,
};
const today = {
  list: [recordRow({ customerId: 31, customerName: '王小明', nextTime: '2026-11-26 15:30:00', ownerUserName: '孙丽' })],
  totalRow: 1,
  page: 1,
  limit: 8,
};

const open = (permissions = sales, answers: Answers = {}) => {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({
    '/CrmBackLog/num': counts,
    '/crm/workbench/figures': figures,
    '/CrmCustomer/queryPageList': today,
    ...answers,
  });
  renderWithApp(<CrmHomePage />, { permissions, routeTable: areas });
  return calls;
};

describe('/crm/workbench', { timeout: 60_000 }, () => {
  it('is where /crm lands', () => {
    expect(areaHomePath(buildAuthObject(sales), crmArea)).toBe('/crm/workbench');
  });

  it('shows the to-do tiles opening their lists, today’s customers and my figures against my target', async () => {
    const calls = open();
    const contracts = await screen.findByTestId('count-checkContract');
    expect(contracts.textContent).toContain('1');
    expect(contracts.getAttribute('href')).toBe('/crm/contract?scene=-9');
    const link = await screen.findByRole('link', { name: '王小明' });
    expect(link.getAttribute('href')).toBe('/crm/customer/31');
    expect(within(screen.getByTestId('crm-home-today')).getByText('15:30')).toBeTruthy();
    const listBody = calls.find((c) => c.path === '/CrmCustomer/queryPageList')!.body;
    expect(listBody).toMatchObject({ sceneId: -13, page: 1 });

    const money = await screen.findByTestId('figure-contractMoney');
    expect(money.textContent).toContain('¥12000.50');
    expect(money.getAttribute('href')).toBe('/crm/contract?scene=-2');
    expect(screen.getByTestId('figure-contractMoney-target').textContent).toBe('目标 ¥20000.00 · 完成 60%');
    expect(screen.getByTestId('figure-receivablesMoney-target').textContent).toBe('未设目标');
    expect(screen.getByTestId('figure-followUps').textContent).toContain('17');
    expect(screen.getByText('本月业绩（2026-11）')).toBeTruthy();
  });

  it('shows a hidden money figure as not visible, and no figures without a CRM list', async () => {
    open(sales, { '/crm/workbench/figures': { ...figures, contractMoney: null } });
    expect((await screen.findByTestId('figure-contractMoney-target')).textContent).toBe('无权查看');
    expect(screen.getByTestId('figure-contractMoney').getAttribute('href')).toBeNull();
    cleanup();
    const calls = open(['crm:screening:read']);
    await screen.findByTestId('crm-home-todos');
    expect(screen.queryByTestId('crm-home-figures')).toBeNull();
    expect(calls.some((c) => c.path === '/crm/workbench/figures')).toBe(false);
  });

  it('computes the share of a target reached', () => {
    expect(reached(50, 200)).toBe(25);
    expect(reached(50, null)).toBeUndefined();
    expect(reached(null, 200)).toBeUndefined();
    expect(reached(50, 0)).toBeUndefined();
  });
});
