import qs from 'qs';
import { describe, expect, it } from 'vitest';
import type { TestApp } from './harness.ts';

/**
 * The original WuKong CRM 9.0 client's request layer (`ux/src/utils/request.js`), for the wire
 * contract tests (issue 20): a POST to the path, the body `qs.stringify`-ed as
 * application/x-www-form-urlencoded unless the call asks for JSON, the token in `Admin-Token`,
 * and success only when the HTTP status is 200 and `code` is 0. Login reads `Admin-Token` at the
 * top level of the answer, as the original's login view does.
 */
export type WireAnswer = { status: number; body: any };

export function originalClient(app: () => TestApp) {
  const tokens: Record<string, string> = {};
  async function post(path: string, body: unknown, opts: { json?: boolean; token?: string } = {}): Promise<WireAnswer> {
    const headers: Record<string, string> = {
      'content-type': opts.json ? 'application/json;charset=UTF-8' : 'application/x-www-form-urlencoded;charset=UTF-8',
    };
    if (opts.token) headers['admin-token'] = opts.token;
    const payload = opts.json ? JSON.stringify(body ?? {}) : qs.stringify(body ?? {});
    const res = await app().app.inject({
      method: 'POST',
      url: path.startsWith('/') ? path : `/${path}`,
      headers,
      payload,
    });
    let parsed: unknown = null;
    try {
      parsed = res.json();
    } catch {
      parsed = res.body;
    }
    return { status: res.statusCode, body: parsed };
  }
  return {
    post,
    /** Sign in through the original login form; the token is read where the original reads it. */
    async login(username: string, password = '123456a'): Promise<string> {
      const res = await post('login', { username, password });
      const token = res.body?.['Admin-Token'];
      if (res.status !== 200 || res.body?.code !== 0 || typeof token !== 'string')
        throw new Error(`original login of ${username} failed: ${JSON.stringify(res.body)}`);
      tokens[username] = token;
      return token;
    },
    token: (username: string) => tokens[username],
  };
}

/** `data.list[0].createUser.realname` of an answer; undefined when any step is missing. */
export function at(value: unknown, path: string): unknown {
  let cur: any = value;
  for (const step of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (step === '') continue;
    if (cur === null || cur === undefined) return undefined;
    cur = cur[step];
  }
  return cur;
}

/** What the rows of one table share: ids earlier answers gave, for later rows' bodies. */
export type WireState = Record<string, any>;

/** One call of the original client, as its view sends it and reads its answer. */
export type WireRow = {
  /** The original's path (ux/src/api). */
  path: string;
  /** A note when one path appears in several rows. */
  note?: string;
  /** The body its view sends; a function of the state for ids earlier rows learnt. */
  body?: Record<string, unknown> | ((s: WireState) => Record<string, unknown>);
  /** The original sends this call as JSON (wire-wukong9.md lists which); else qs form-encoded. */
  json?: boolean;
  /** The user who calls (default `admin`); signed in once through the original login. */
  as?: string;
  /** The answer's code when the row is a refusal the original shows as a toast (default 0). */
  code?: number;
  /** Paths of the answer its views read: each must be present (not undefined). */
  reads?: string[];
  /**
   * Why the row waits (work on another branch, e.g. `needs lead`: `order` 1/2, `pageType: 0`):
   * the row is skipped until that lands and the flag is removed.
   */
  skip?: string;
  /** Further checks of the answer; may store what later rows need in the state. */
  then?: (answer: any, s: WireState) => void | Promise<void>;
};

/**
 * Replay a table of calls in order, one test per row: each answers HTTP 200 (a handled outcome
 * never changes the status, or the original counts a network failure), with the expected code,
 * and carries every path the original's views read.
 */
export function wireTable(title: string, app: () => TestApp, rows: WireRow[]): void {
  const client = originalClient(app);
  const state: WireState = {};
  describe(title, () => {
    rows.forEach((row, i) => {
      const test = row.skip ? it.skip : it;
      test(`${String(i + 1).padStart(2, '0')} ${row.path}${row.note ? ` (${row.note})` : ''}`, async () => {
        const who = row.as ?? 'admin';
        const token = client.token(who) ?? (await client.login(who));
        const body = typeof row.body === 'function' ? row.body(state) : row.body;
        const answer = await client.post(row.path, body, { json: row.json, token });
        expect([answer.status, answer.body?.code, answer.body?.msg]).toEqual([
          200,
          row.code ?? 0,
          row.code ? expect.any(String) : answer.body?.msg,
        ]);
        const missing = (row.reads ?? []).filter((p) => at(answer.body, p) === undefined);
        expect(missing).toEqual([]);
        await row.then?.(answer.body, state);
      });
    });
  });
}
