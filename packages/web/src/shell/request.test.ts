import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  bindFeedback,
  browser,
  logoutAndReload,
  NETWORK_FAILURE_LIMIT,
  REQUEST_TIMEOUT_MS,
  request,
  resetRequestState,
  retryOnce,
  setPortalUrl,
} from './request';
import { sessionStore } from './session-store';

const answer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const fetchMock = vi.fn<typeof fetch>();
const message = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
const modal = { warning: vi.fn(), confirm: vi.fn() };

beforeEach(() => {
  resetRequestState();
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  for (const f of [...Object.values(message), ...Object.values(modal)]) f.mockReset();
  bindFeedback({ message, modal } as unknown as Parameters<typeof bindFeedback>[0]);
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'href').mockReturnValue('http://localhost/workbench/index');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request', () => {
  it('answers data on code 0, form-encoded with the Admin-Token header', async () => {
    sessionStore.save({ token: 'tok' });
    fetchMock.mockReturnValueOnce(answer({ code: 0, msg: 'success', data: { n: 1 } }));
    await expect(request('/CrmBackLog/num', { a: 1, ids: [1, 2], skip: undefined })).resolves.toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/CrmBackLog/num');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Admin-Token']).toBe('tok');
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(String(init?.body)).toBe('a=1&ids=1%2C2');
    expect(message.error).not.toHaveBeenCalled();
  });

  it('sends JSON, multipart and GET query strings on request', async () => {
    fetchMock.mockImplementation(() => answer({ code: 0, msg: '', data: null }));
    await request('/x', { a: [1] }, { json: true });
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{"a":[1]}');
    const form = new FormData();
    await request('/system/user/updateImg', form);
    const init = fetchMock.mock.calls[1]![1]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    await request('/achievement/ttl', { t: 1 }, { method: 'GET' });
    expect(fetchMock.mock.calls[2]![0]).toBe('/achievement/ttl?t=1');
    expect(fetchMock.mock.calls[2]![1]?.method).toBe('GET');
  });

  it('toasts the server msg of a non-zero code and rejects with ApiError', async () => {
    fetchMock.mockReturnValueOnce(answer({ code: 400, msg: '用户名或密码错误', data: null }, 400));
    const err = await request('/login', { username: 'a' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(400);
    expect((err as ApiError).message).toBe('用户名或密码错误');
    expect(message.error).toHaveBeenCalledTimes(1);
    expect(message.error).toHaveBeenCalledWith('用户名或密码错误');
  });

  it('stays quiet when silent, and on signH5 pages', async () => {
    fetchMock.mockImplementation(() => answer({ code: 500, msg: '出错了', data: null }, 500));
    await expect(request('/a', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    vi.mocked(browser.href).mockReturnValue('http://localhost/signH5?id=1');
    await expect(request('/a')).rejects.toBeInstanceOf(ApiError);
    expect(message.error).not.toHaveBeenCalled();
  });

  it('shows exactly one "log in again" dialog for two concurrent 302 answers', async () => {
    fetchMock.mockImplementation(() => answer({ code: 302, msg: '请先登录！', data: null }, 401));
    const results = await Promise.allSettled([request('/a'), request('/b', undefined, { silent: true })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(modal.warning).toHaveBeenCalledTimes(1);
    expect(message.error).not.toHaveBeenCalled();
    const dialog = modal.warning.mock.calls[0]![0] as {
      title: string;
      content: string;
      okText: string;
      onOk: () => void;
    };
    expect(dialog.title).toBe('确定登出');
    expect(dialog.content).toBe('你已被登出，请重新登录');
    expect(dialog.okText).toBe('重新登录');

    // Confirming logs out and reloads.
    sessionStore.save({ token: 'tok' });
    fetchMock.mockImplementation(() => answer({ code: 0, msg: '', data: null }));
    await dialog.onOk();
    expect(fetchMock).toHaveBeenLastCalledWith('/logout', expect.objectContaining({ method: 'POST' }));
    expect(sessionStore.token()).toBeNull();
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('redirects to the stored portal on the third network failure in a row', async () => {
    setPortalUrl('https://portal.example/');
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(NETWORK_FAILURE_LIMIT).toBe(3);
    for (let i = 1; i <= 3; i += 1) {
      const err = await request('/a').catch((e: unknown) => e);
      expect((err as ApiError).code).toBe(-1);
      expect(browser.assign).toHaveBeenCalledTimes(i === 3 ? 1 : 0);
    }
    expect(browser.assign).toHaveBeenCalledWith('https://portal.example/');
    expect(message.error).toHaveBeenCalledTimes(3);
    expect(message.error).toHaveBeenCalledWith('网络请求失败，请稍后再试');
  });

  it('resets the failure counter on any answer, even an error answer', async () => {
    setPortalUrl('https://portal.example/');
    const fail = () => fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    fail();
    fail();
    fetchMock.mockImplementationOnce(() => answer({ code: 500, msg: '出错了', data: null }, 500));
    fail();
    fail();
    for (let i = 0; i < 5; i += 1) await request('/a').catch(() => {});
    expect(browser.assign).not.toHaveBeenCalled();
    fail();
    await request('/a').catch(() => {});
    expect(browser.assign).toHaveBeenCalledTimes(1);
  });

  it('does not redirect without a stored portal address', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    for (let i = 0; i < 3; i += 1) await request('/a').catch(() => {});
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('times out after 250000 ms', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(250_000);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    fetchMock.mockReturnValueOnce(answer({ code: 0, msg: '', data: null }));
    await request('/a');
    expect(timeout).toHaveBeenCalledWith(250_000);
    expect(fetchMock.mock.calls[0]![1]?.signal).toBeDefined();
  });
});

describe('retryOnce', () => {
  it.each([
    ['a refusal', new ApiError(403, '无权操作'), 0, false],
    ['a missing record', new ApiError(404, '记录不存在'), 0, false],
    ['a validation failure', new ApiError(400, '请填写名称'), 0, false],
    ['a crash, first time', new ApiError(500, '服务器开小差了'), 0, true],
    ['a network failure, first time', new TypeError('Failed to fetch'), 0, true],
    ['a network failure, second time', new TypeError('Failed to fetch'), 1, false],
  ])('%s → retry %s', (_name, error, failures, expected) => {
    expect(retryOnce(failures as number, error)).toBe(expected);
  });
});

describe('logoutAndReload', () => {
  it('reloads even when the logout call fails', async () => {
    sessionStore.save({ token: 'tok' });
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await logoutAndReload();
    expect(sessionStore.token()).toBeNull();
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });
});
