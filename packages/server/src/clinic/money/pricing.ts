import { checkSalesSplit, fenOf, type OrderLineInput, OrderMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';

// Pricing an order's lines from the catalogue: apart from orders.ts because set meals, conversions,
// repairs and the floor read price lines too, and orders.ts calls them.

/** A line priced and checked, ready to store. Money in fen. */
export type PricedLine = {
  projectId: number;
  /** The set meal the line is an item of (set-meals.ts), absent for a project line. */
  setMealId?: number;
  /** Its group among the order's set meals (1-based), so one set meal twice stays two groups. */
  setMealGroup?: number;
  name: string;
  quantity: number;
  sessions: number;
  price: number;
  salesPrice: number;
  minPrice: number;
  dealPrice: number;
  /** Deal price ÷ 原价, percent with two decimals. */
  discount: number;
  deptId: number | null;
  countsAsDeal: boolean;
  validityMonths: number;
  salespeople: { userId: number; rate: number }[];
};

type ProjectRow = {
  project_id: number;
  project_name: string;
  price: string;
  sales_price: string;
  min_price: string;
  sessions: number;
  validity_months: number;
  settle_dept_id: number | null;
  counts_as_deal: boolean;
  enabled: boolean;
};

/** Prices the lines from the catalogue and checks them (projects, prices, departments, salespeople). */
export async function priceLines(tx: Tx, input: readonly OrderLineInput[]): Promise<PricedLine[]> {
  // An order of set meals only has no project lines (h-moneyweb).
  if (input.length === 0) return [];
  const projectIds = [...new Set(input.map((l) => l.projectId))];
  const rows = await queryRows<ProjectRow>(
    tx,
    sql`select project_id, project_name, price, sales_price, min_price, sessions, validity_months, settle_dept_id,
          counts_as_deal, enabled
        from crm_project where project_id in ${inList(projectIds)}`,
  );
  const byId = new Map(rows.map((r) => [Number(r.project_id), r]));
  await requirePeopleAndDepts(
    tx,
    input.flatMap((l) => l.salespeople.map((s) => s.userId)),
    input.map((l) => l.deptId),
  );
  return input.map((line) => {
    const p = byId.get(line.projectId);
    if (!p) throw badRequest(OrderMsg.projectMissing);
    if (!p.enabled) throw badRequest(OrderMsg.projectDisabled.replace('{name}', p.project_name));
    const split = checkSalesSplit(line.salespeople);
    if (!split.ok) throw badRequest(split.msg);
    const price = fenOf(p.price) * line.quantity;
    const salesPrice = fenOf(p.sales_price) * line.quantity;
    const dealPrice = line.dealPrice ?? salesPrice;
    if (dealPrice > price) throw badRequest(OrderMsg.dealPriceAbovePrice.replace('{name}', p.project_name));
    return {
      projectId: line.projectId,
      name: p.project_name,
      quantity: line.quantity,
      sessions: p.sessions * line.quantity,
      price,
      salesPrice,
      minPrice: fenOf(p.min_price) * line.quantity,
      dealPrice,
      discount: discountOf(dealPrice, price),
      deptId: line.deptId ?? p.settle_dept_id,
      countsAsDeal: p.counts_as_deal,
      validityMonths: p.validity_months,
      salespeople: split.value,
    };
  });
}

/** Salespeople must be active users and chosen departments must exist (project and set-meal lines alike). */
export async function requirePeopleAndDepts(tx: Tx, salespeople: readonly number[], depts: readonly (number | null)[]) {
  const userIds = [...new Set(salespeople)];
  const active = userIds.length
    ? await queryRows<{ user_id: number }>(
        tx,
        sql`select user_id from sys_user where status = 1 and user_id in ${inList(userIds)}`,
      )
    : [];
  if (active.length !== userIds.length) throw badRequest(OrderMsg.userMissing);
  const deptIds = [...new Set(depts.filter((d): d is number => d != null))];
  if (deptIds.length) {
    const found = await queryRows<{ dept_id: number }>(
      tx,
      sql`select dept_id from sys_dept where dept_id in ${inList(deptIds)}`,
    );
    if (found.length !== deptIds.length) throw badRequest(OrderMsg.deptMissing);
  }
}

/** Deal price ÷ 原价 in percent with two decimals, rounded half up in integers: 880 of 1280 → 68.75. */
export function discountOf(dealPrice: number, price: number): number {
  if (price === 0) return 100;
  const hundredths = (BigInt(dealPrice) * 20_000n + BigInt(price)) / (2n * BigInt(price));
  return Number(hundredths) / 100;
}
