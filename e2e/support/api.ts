import { DEMO_PASSWORD } from './browser.ts';

export type Answer<T = any> = { code: number; msg: string; data: T };
/** A signed-in API client: `api(path, body)` answers `data` and throws on a refusal. */
export type Api = (<T = any>(path: string, body: unknown) => Promise<T>) & {
  /** The same call, answering `data`: for tests that read `boss.call(...)`. */
  call: <T = any>(path: string, body: unknown) => Promise<T>;
  /** The whole answer, refusals included, for tests that assert one. */
  raw: <T = any>(path: string, body: unknown) => Promise<Answer<T>>;
  userId: number;
};

/**
 * Another person at another desk: a demo user's own session straight to the server (separate from
 * the browser's), for the setup a test needs before it clicks.
 */
export async function apiAs(base: string, username: string, password = DEMO_PASSWORD): Promise<Api> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password, type: 1 }),
  });
  const login = ((await res.json()) as Answer<{ 'Admin-Token': string; user: { userId: number } }>).data;
  const raw = async <T = any>(path: string, body: unknown): Promise<Answer<T>> =>
    (await (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Admin-Token': login['Admin-Token'] },
        body: JSON.stringify(body),
      })
    ).json()) as Answer<T>;
  const call = async <T = any>(path: string, body: unknown): Promise<T> => {
    const answer = await raw<T>(path, body);
    if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  return Object.assign(call, { call, raw, userId: login.user.userId });
}
