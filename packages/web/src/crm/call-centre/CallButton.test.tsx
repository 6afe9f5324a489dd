import { type Answer, buildAuthObject } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/shell/session';
import { answered } from '@/test/answers';
import { CallButton } from './CallButton';

const user = { userId: 5, username: 'sunli', realname: '孙丽', img: '', post: '销售代表', deptName: '销售一部' };

function renderButton(keys: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, { user, auth: buildAuthObject(keys) });
  render(
    <QueryClientProvider client={client}>
      <App>
        <CallButton kind="customer" id={12} field="mobile" withText />
      </App>
    </QueryClientProvider>,
  );
}

let sent: { path: string; body: string }[];
let states: Answer<'/moor/callState'>['status'][];

beforeEach(() => {
  sent = [];
  // ringing on the first poll, talking on the second, then ended with a follow-up.
  states = ['ringing', 'talking', 'ended'];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      sent.push({ path, body: String(init?.body ?? '') });
      if (path === '/moor/call')
        return answered('/moor/call', {
          callId: 'c1',
          status: 'ringing',
          answered: false,
          duration: 0,
          followId: null,
        });
      if (path === '/moor/callState') {
        const status = states.shift() ?? 'ended';
        const ended = status === 'ended';
        return answered('/moor/callState', {
          callId: 'c1',
          status,
          answered: status !== 'ringing',
          duration: ended ? 65 : 0,
          followId: ended ? 9 : null,
        });
      }
      return new Response(JSON.stringify({ code: 404, msg: 'not found', data: null }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CallButton', () => {
  it('sends the record and field, never a number, and follows the call to its end', async () => {
    renderButton(['crm:call:call']);
    fireEvent.click(screen.getByRole('button', { name: '拨打手机' }));
    await waitFor(() => expect(screen.getByTestId('call-state').getAttribute('data-status')).toBe('ringing'));
    const dial = sent.find((s) => s.path === '/moor/call')!;
    expect(Object.fromEntries(new URLSearchParams(dial.body))).toEqual({ kind: 'customer', id: '12', field: 'mobile' });
    await waitFor(() => expect(screen.getByTestId('call-state').getAttribute('data-status')).toBe('ended'), {
      timeout: 8000,
    });
    expect(screen.getByTestId('call-state').textContent).toContain('通话结束，时长 1:05，已写入跟进记录（附录音）');
    // Once ended it stops asking.
    const polls = sent.filter((s) => s.path === '/moor/callState').length;
    await new Promise((r) => setTimeout(r, 1500)); // proving no further poll needs a wait past one interval
    expect(sent.filter((s) => s.path === '/moor/callState').length).toBe(polls);
  }, 15_000);

  it('is not there without the right to call', () => {
    renderButton(['crm:customer:read']);
    expect(screen.queryByRole('button', { name: '拨打手机' })).toBeNull();
  });
});
