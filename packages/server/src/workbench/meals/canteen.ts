import {
  addDays,
  daysInMonth,
  fenOf,
  MEAL_MANAGE,
  type MealDay,
  type MealDayInput,
  type MealDayRow,
  type MealMonth,
  type MealMonthInput,
  MealType,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { scopeCondition } from '../../core/data-scope.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/**
 * The canteen's view: a day's orders per store and department with the names, and a month's
 * statistics per person and department. Both show only the people the viewer's data scope (of
 * `oa:meal:manage`) reaches; the department is the person's current one.
 */

const scoped = (user: SessionUser): SQL => scopeCondition(user, MEAL_MANAGE, sql`o.user_id`) ?? sql`true`;
const inStore = (storeId: number | undefined): SQL => (storeId ? sql`o.store_id = ${storeId}` : sql`true`);

type DayRow = {
  store_id: number;
  store_name: string;
  dept_id: number | null;
  dept_name: string | null;
  meal: number;
  names: string[];
};

export async function mealDay(db: Tx, user: SessionUser, input: MealDayInput): Promise<MealDay> {
  const rows = await queryRows<DayRow>(
    db,
    sql`select o.store_id, s.name as store_name, u.dept_id, d.name as dept_name, o.meal,
        array_agg(u.realname order by u.realname, u.user_id) as names
      from oa_meal_order o
      join sys_user u on u.user_id = o.user_id
      join sys_dept s on s.dept_id = o.store_id
      left join sys_dept d on d.dept_id = u.dept_id
      where o.day = ${input.day} and ${inStore(input.storeId)} and ${scoped(user)}
      group by o.store_id, s.name, s.sort, u.dept_id, d.name, d.sort, o.meal
      order by s.sort, o.store_id, d.sort nulls last, u.dept_id, o.meal`,
  );
  const byKey = new Map<string, MealDayRow>();
  const stores = new Map<number, MealDay['stores'][number]>();
  let lunch = 0;
  let dinner = 0;
  for (const r of rows) {
    const storeId = Number(r.store_id);
    const deptId = Number(r.dept_id ?? 0);
    const k = `${storeId}/${deptId}`;
    let row = byKey.get(k);
    if (!row) {
      row = {
        storeId,
        storeName: r.store_name,
        deptId,
        deptName: r.dept_name ?? '',
        lunch: 0,
        dinner: 0,
        lunchNames: [],
        dinnerNames: [],
      };
      byKey.set(k, row);
    }
    let store = stores.get(storeId);
    if (!store) {
      store = { storeId, storeName: r.store_name, lunch: 0, dinner: 0 };
      stores.set(storeId, store);
    }
    const n = r.names.length;
    if (Number(r.meal) === MealType.lunch) {
      row.lunch = n;
      row.lunchNames = r.names;
      store.lunch += n;
      lunch += n;
    } else {
      row.dinner = n;
      row.dinnerNames = r.names;
      store.dinner += n;
      dinner += n;
    }
  }
  return { day: input.day, rows: [...byKey.values()], stores: [...stores.values()], lunch, dinner };
}

type PersonRow = {
  user_id: number;
  realname: string;
  dept_id: number | null;
  dept_name: string | null;
  lunch: number;
  dinner: number;
  amount: string;
};

export async function mealMonth(db: Tx, user: SessionUser, input: MealMonthInput): Promise<MealMonth> {
  const first = `${input.month}-01`;
  const [y, m] = input.month.split('-').map(Number) as [number, number];
  const last = addDays(first, daysInMonth(y, m) - 1);
  const rows = await queryRows<PersonRow>(
    db,
    sql`select o.user_id, u.realname, u.dept_id, d.name as dept_name,
        count(*) filter (where o.meal = ${MealType.lunch})::int as lunch,
        count(*) filter (where o.meal = ${MealType.dinner})::int as dinner,
        coalesce(sum(o.price), 0)::text as amount
      from oa_meal_order o
      join sys_user u on u.user_id = o.user_id
      left join sys_dept d on d.dept_id = u.dept_id
      where o.day between ${first} and ${last} and ${inStore(input.storeId)} and ${scoped(user)}
      group by o.user_id, u.realname, u.dept_id, d.name, d.sort
      order by d.sort nulls last, u.dept_id, u.realname, o.user_id`,
  );
  const people = rows.map((r) => ({
    userId: Number(r.user_id),
    realname: r.realname,
    deptId: Number(r.dept_id ?? 0),
    deptName: r.dept_name ?? '',
    lunch: Number(r.lunch),
    dinner: Number(r.dinner),
    amount: fenOf(r.amount),
  }));
  const depts = new Map<number, MealMonth['depts'][number]>();
  const total = { lunch: 0, dinner: 0, amount: 0 };
  for (const p of people) {
    let d = depts.get(p.deptId);
    if (!d) {
      d = { deptId: p.deptId, deptName: p.deptName, people: 0, lunch: 0, dinner: 0, amount: 0 };
      depts.set(p.deptId, d);
    }
    d.people += 1;
    d.lunch += p.lunch;
    d.dinner += p.dinner;
    d.amount += p.amount;
    total.lunch += p.lunch;
    total.dinner += p.dinner;
    total.amount += p.amount;
  }
  return { month: input.month, people, depts: [...depts.values()], total };
}
