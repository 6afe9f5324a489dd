import { type AddressBook, addressBookResponse } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/**
 * The address book (docs/api/address-book.md): every department and every active person with
 * post, mobile and email, in one answer. Like the member picker's directory it is the whole
 * organisation for any signed-in user; the page searches it by name, pinyin and initials in the
 * browser (shared pinyin keys), as the pickers do.
 */
export function registerAddressBookRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/OaAddressBook/queryAddressBook',
    access: 'login',
    response: addressBookResponse,
    handler: () => addressBook(db),
  });
}

/** At most this many people: an organisation larger than this needs a paged directory. */
const PEOPLE_MAX = 10_000;

export async function addressBook(db: Tx): Promise<AddressBook> {
  const depts = await queryRows<{ dept_id: number; pid: number; name: string }>(
    db,
    sql`select dept_id, pid, name from sys_dept order by sort, dept_id`,
  );
  const users = await queryRows<Record<string, unknown>>(
    db,
    sql`select u.user_id, u.realname, u.img, u.post, u.mobile, u.email, u.dept_id, coalesce(d.name, '') as dept_name
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id
        where u.status = 1
        order by u.dept_id nulls last, u.realname, u.user_id
        limit ${PEOPLE_MAX}`,
  );
  return {
    depts: depts.map((d) => ({ deptId: Number(d.dept_id), pid: Number(d.pid), name: d.name })),
    users: users.map((u) => ({
      userId: Number(u.user_id),
      realname: String(u.realname),
      img: String(u.img ?? ''),
      post: String(u.post ?? ''),
      mobile: String(u.mobile ?? ''),
      email: String(u.email ?? ''),
      deptId: u.dept_id === null ? null : Number(u.dept_id),
      deptName: String(u.dept_name),
    })),
  };
}
