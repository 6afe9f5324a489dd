import type { Config } from '../config.ts';

/** The HttpOnly twin of the Admin-Token header, for the reads a browser loads by address. */
export const TOKEN_COOKIE = 'Admin-Token';

/**
 * The session cookie: it lives as long as the session's idle expiry and is renewed with it;
 * `Secure` when the server is reached over HTTPS (COOKIE_SECURE). An empty token clears it.
 */
export function sessionCookie(config: Config, token: string): string {
  const maxAge = token ? config.sessionIdleMinutes * 60 : 0;
  const secure = config.cookieSecure ? '; Secure' : '';
  return `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}
