import type { AuthObject } from '@crm/shared';

/** What login stores: the token, the user and the auth tree (spec 2.5). */
export type StoredUser = {
  userId: number;
  username: string;
  realname: string;
  img: string;
  deptId: number | null;
  deptName: string;
  post: string;
  isAdmin: boolean;
  [key: string]: unknown;
};

const TOKEN = 'Admin-Token';
const USER = 'loginUserInfo';
const AUTH = 'authList';

export const sessionStore = {
  token: (): string | null => localStorage.getItem(TOKEN),
  user(): StoredUser | null {
    const raw = localStorage.getItem(USER);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  },
  auth(): AuthObject | null {
    const raw = localStorage.getItem(AUTH);
    return raw ? (JSON.parse(raw) as AuthObject) : null;
  },
  save(data: { token?: string; user?: StoredUser; auth?: AuthObject }) {
    if (data.token) localStorage.setItem(TOKEN, data.token);
    if (data.user) localStorage.setItem(USER, JSON.stringify(data.user));
    if (data.auth) localStorage.setItem(AUTH, JSON.stringify(data.auth));
  },
  clear() {
    for (const k of [TOKEN, USER, AUTH]) localStorage.removeItem(k);
  },
};
