import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import { defineMessages } from '@/i18n';
import { sessionStore } from './session-store';

/**
 * The one request layer (spec 8.1): form-encoded POST by default, JSON or multipart on request,
 * Admin-Token header, 250000 ms timeout; a toast for any non-zero code, one "log in again"
 * dialog for 302, and after 3 network failures in a row a redirect to the portal address.
 */
export const REQUEST_TIMEOUT_MS = 250_000;
export const NETWORK_FAILURE_LIMIT = 3;
const PORTAL_KEY = 'portalUrl';

const messages = defineMessages({
  zh: {
    networkFailed: '网络请求失败，请稍后再试',
    loggedOutTitle: '确定登出',
    loggedOutContent: '你已被登出，请重新登录',
    loginAgain: '重新登录',
  },
  en: {
    networkFailed: 'Network request failed, please try again later',
    loggedOutTitle: 'Confirm logout',
    loggedOutContent: 'You have been logged out, please log in again',
    loginAgain: 'Log in again',
  },
});

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/**
 * A query retries once after a network failure or a crash (5xx), never after a definite answer
 * (a refusal, a missing record): retrying a 403/404 only keeps a skeleton on screen.
 */
export function retryOnce(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code < 500) return false;
  return failures < 1;
}

type Feedback = {
  message: Pick<MessageInstance, 'error'>;
  modal?: Pick<ModalStaticFunctions, 'warning' | 'confirm'>;
};

/**
 * Without a bound page (the login page is plain React): antd's static message, fetched on the first
 * toast, so the login page's first load carries no antd.
 */
let staticMessage: Promise<MessageInstance> | undefined;
const loadMessage = () => {
  staticMessage ??= import('antd/es/message').then((m) => m.default as MessageInstance);
  return staticMessage;
};
const fallback: Feedback = {
  message: {
    error: ((content: string) => {
      void loadMessage().then((m) => m.error(content));
    }) as unknown as MessageInstance['error'],
  },
};
/** antd feedback bound to the app's theme and locale by the signed-in shell (toasts, the 302 dialog). */
let feedback: Feedback = fallback;
/** Bind; answers the unbind for an effect's cleanup. */
export function bindFeedback(f: Feedback): () => void {
  feedback = f;
  return () => {
    if (feedback === f) feedback = fallback;
  };
}

/** Remove the toasts shown without a bound page (a login refusal must not follow the user in). */
export function dismissStaticToasts(): void {
  void staticMessage?.then((m) => m.destroy());
}

/** Page navigation, replaceable in tests (jsdom cannot navigate). */
export const browser = {
  href: (): string => window.location.href,
  assign: (url: string) => {
    window.location.href = url;
  },
  reload: () => window.location.reload(),
};

let networkFailures = 0;
let loggedOutDialogOpen = false;

export type RequestOptions = {
  method?: 'GET' | 'POST';
  /** Send a JSON body instead of form-encoded. */
  json?: boolean;
  /** Send multipart (data must be FormData). */
  multipart?: boolean;
  /** Do not toast a non-zero code (the caller shows its own message). */
  silent?: boolean;
  signal?: AbortSignal;
};

export type ApiBody = Record<string, unknown> | FormData | undefined;

function encodeForm(data: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined) continue;
    form.append(
      k,
      v === null ? '' : Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v),
    );
  }
  return form;
}

/** Call the API; answers `data` on code 0, throws ApiError otherwise. */
export async function request<T = unknown>(path: string, data?: ApiBody, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'POST';
  const headers: Record<string, string> = {};
  const token = sessionStore.token();
  if (token) headers['Admin-Token'] = token;
  let url = path.startsWith('/') ? path : `/${path}`;
  let body: BodyInit | undefined;
  if (method === 'GET') {
    if (data && !(data instanceof FormData)) url += `?${encodeForm(data)}`;
  } else if (data instanceof FormData) {
    body = data;
  } else if (opts.json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data ?? {});
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = encodeForm(data ?? {});
  }

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    onNetworkFailure();
    throw new ApiError(-1, messages.translate('networkFailed'));
  }
  networkFailures = 0;

  let answer: { code: number; msg: string; data: T };
  try {
    answer = await res.json();
  } catch {
    answer = { code: res.status, msg: res.statusText || messages.translate('networkFailed'), data: null as T };
  }
  if (answer.code === 0) return answer.data;
  if (answer.code === 302) {
    showLoggedOutDialog();
    throw new ApiError(302, answer.msg);
  }
  if (!opts.silent && !browser.href().includes('signH5')) feedback.message.error(answer.msg);
  throw new ApiError(answer.code, answer.msg, answer.data);
}

function onNetworkFailure() {
  networkFailures += 1;
  feedback.message.error(messages.translate('networkFailed'));
  if (networkFailures >= NETWORK_FAILURE_LIMIT) {
    const portal = localStorage.getItem(PORTAL_KEY);
    networkFailures = 0;
    if (portal) browser.assign(portal);
  }
}

/** Remember where to send the user after repeated network failures (from the system configuration). */
export function setPortalUrl(url: string | undefined) {
  if (url) localStorage.setItem(PORTAL_KEY, url);
  else localStorage.removeItem(PORTAL_KEY);
}

function showLoggedOutDialog() {
  if (loggedOutDialogOpen) return;
  loggedOutDialogOpen = true;
  const open = (modal: Pick<ModalStaticFunctions, 'warning'>) =>
    modal.warning({
      title: messages.translate('loggedOutTitle'),
      content: messages.translate('loggedOutContent'),
      okText: messages.translate('loginAgain'),
      onOk: () => logoutAndReload(),
    });
  // Outside the signed-in shell (rare) the dialog's code is fetched when needed.
  if (feedback.modal) open(feedback.modal);
  else void import('antd/es/modal').then((m) => open(m.default));
}

/** End the session on the server (best effort) and forget it here. Never throws. */
export async function logout(): Promise<void> {
  const token = sessionStore.token();
  try {
    if (token) await fetch('/logout', { method: 'POST', headers: { 'Admin-Token': token } });
  } catch {
    // the local session is cleared anyway
  } finally {
    sessionStore.clear();
  }
}

/** Logout always ends with a reload, even when the call fails (spec 2.4, 4.1). */
export async function logoutAndReload(): Promise<void> {
  await logout();
  browser.reload();
}

/** For tests: reset the module's counters. */
export function resetRequestState() {
  networkFailures = 0;
  loggedOutDialogOpen = false;
}
