import { buildAuthObject } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { FeedbackBinder } from '@/shell/feedback';
import { RouteTableContext } from '@/shell/route-table';
import type { AppArea } from '@/shell/route-types';
import { SESSION_KEY } from '@/shell/session';
import { type Answers, answerable, isRawReply, responseOf, type SentBody } from '@/test/answers';
import type { Permitted } from './api';

// The typed fixtures' helpers, where the tests have always taken them from.
export { rawResponse, refuse } from '@/test/answers';

export type Call = { path: string; body: SentBody };

const defaults: Answers = {
  '/file/queryByBatchId': [],
  '/system/user/queryUserList': { list: [], totalRow: 0, page: 1, limit: 1000 },
  '/system/dept/queryDeptTree': [],
};

/**
 * A fake server: answers by path, each answer typed by the path's response contract
 * (`@/test/answers`); records every call with its (form or JSON) body.
 */
export function fakeFetch(answers: Answers) {
  const unlisted = Object.keys(answers).filter((path) => !answerable(path));
  if (unlisted.length) throw new Error(`no response contract for ${unlisted.join(', ')} (see uncontractedPaths)`);
  const calls: Call[] = [];
  const table: Record<string, unknown> = { ...defaults, ...answers };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const raw = String(init?.body ?? '');
    const body = raw.startsWith('{') ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
    calls.push({ path, body });
    const answer = table[path];
    const value = typeof answer === 'function' ? answer(body) : answer;
    if (isRawReply(value)) return responseOf(value);
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
          <App>
            {/* As in the signed-in shell: the request layer's toasts go to this App's message. */}
            <FeedbackBinder />
            {node}
          </App>
        </RouteTableContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
