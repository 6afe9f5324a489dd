import { addressNameSchema, originalAddressBookResponse, originalAddressByDeptResponse } from '@crm/shared';
import { pinyinKeyMatches, pinyinSearchKey } from '@crm/shared/pinyin';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { addressBook } from './routes.ts';

/**
 * The original client's address book (issue 20): `system/user/queryListName` answers the people
 * by the first letter of their name's pinyin (`{A: [...], B: [...]}`, others under `#`), and
 * `queryListNameByDept` by department (`[{deptId, name, userList}]`); both read the same book
 * and take the search box's text as `search` / `name` (a name, its pinyin or initials).
 */
const matches = (text: string, query: string) => {
  const q = query.trim();
  return q === '' || text.includes(q) || pinyinKeyMatches(pinyinSearchKey(text), q);
};

export function registerOriginalAddressBookRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/system/user/queryListName',
    access: 'login',
    schema: addressNameSchema,
    response: originalAddressBookResponse,
    async handler({ input }) {
      const book = await addressBook(db);
      const out: Record<string, typeof book.users> = {};
      for (const u of book.users.filter((p) => matches(p.realname, input.search))) {
        const first = pinyinSearchKey(u.realname).charAt(0).toUpperCase();
        const letter = /[A-Z]/.test(first) ? first : '#';
        const list = out[letter] ?? [];
        list.push(u);
        out[letter] = list;
      }
      return out;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/user/queryListNameByDept',
    access: 'login',
    schema: addressNameSchema,
    response: originalAddressByDeptResponse,
    async handler({ input }) {
      const book = await addressBook(db);
      const query = input.name || input.search;
      return book.depts.map((d) => ({
        deptId: d.deptId,
        name: d.name,
        userList: book.users.filter((u) => u.deptId === d.deptId && matches(u.realname, query)),
      }));
    },
  });
}
