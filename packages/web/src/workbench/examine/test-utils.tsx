import { buildAuthObject } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { RouteTableContext } from '@/shell/route-table';
import type { AppArea } from '@/shell/route-types';
import { SESSION_KEY } from '@/shell/session';
import type { Permitted } from './api';

export type Call = { path: string; body: Record<string, unknown> };

const defaults: Record<string, unknown> = {
  '/file/queryByBatchId': [],
  '/system/user/queryUserList': { list: [], totalRow: 0, page: 1, limit: 1000 },
  '/system/dept/queryDeptTree': [],
};

/** A fake server: answers by path; records every call with its (form or JSON) body. */
export function fakeFetch(answers: Record<string, unknown | ((body: Record<string, unknown>) => unknown)>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const raw = String(init?.body ?? '');
    const body = raw.startsWith('{') ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
    calls.push({ path, body });
    const answer = path in answers ? answers[path] : defaults[path];
    const value = typeof answer === 'function' ? answer(body) : answer;
    if (value instanceof Response) return value;
    return new Response(JSON.stringify({ code: 0, msg: 'success', data: value ?? null }));
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** An approval detail's actions with only commenting allowed; a test turns on what it needs. */
export const onlyComment: Permitted = {
  approve: false,
  reject: false,
  transfer: false,
  addApprover: false,
  returnTo: false,
  withdraw: false,
  edit: false,
  urge: false,
  delete: false,
  comment: true,
  chooseNext: false,
};

export const refuse = (code: number, msg: string) => new Response(JSON.stringify({ code, msg, data: null }));

const staff = { userId: 5, username: 'sunli', realname: '孙丽', img: '', post: '销售代表', deptName: '销售一部' };

/**
 * Render inside the providers of the signed-in shell: a query client holding the session (孙丽,
 * an ordinary employee who may use approvals, unless `permissions` says otherwise), a router, antd's App.
 */
export function renderWithApp(
  node: ReactNode,
  {
    permissions = ['oa:examine:use'],
    route = '/',
    routeTable = [],
  }: {
    permissions?: string[];
    route?: string;
    /** The shell's route table, for pages that link only where the user may go (shell/route-table.ts). */
    routeTable?: readonly AppArea[];
  } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, { user: staff, auth: buildAuthObject(permissions) });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <RouteTableContext.Provider value={routeTable}>
          <App>{node}</App>
        </RouteTableContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
