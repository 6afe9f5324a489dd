import { isPagePath, PAGE_ROOTS } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { areas, PERSON_BASE, personRoutes } from './areas';
import { LOGIN_PATH, NOT_FOUND_PATH, OPEN_PATHS } from './paths';

// The server answers a GET of a page address with the app only when its first segment is in
// PAGE_ROOTS; a page outside it would answer the JSON 404 when opened directly (a bookmark, curl).
describe('every web address is a page address for the server', () => {
  it('covers the login, 404 and open pages, every area page and the personal center', () => {
    const paths = [
      LOGIN_PATH,
      NOT_FOUND_PATH,
      ...OPEN_PATHS,
      ...areas.flatMap((a) => [a.path, ...a.routes.map((r) => `${a.path}/${r.path}`)]),
      PERSON_BASE,
      ...personRoutes.map((r) => `${PERSON_BASE}/${r.path}`),
    ];
    for (const p of paths) expect(isPagePath(p), p).toBe(true);
  });

  it('never claims a first segment of the API', () => {
    for (const api of ['/OaExamine/myInitiate', '/system/user/queryUserList', '/file/upload', '/sysConfig/query'])
      expect(isPagePath(api), api).toBe(false);
    expect(PAGE_ROOTS).not.toContain('assets');
  });
});
