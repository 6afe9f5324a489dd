import {
  type ProductLine,
  ProductLineMsg,
  type ProductLinesAnswer,
  productLinesError,
  round2,
  sumOf,
  totalOf,
} from '@crm/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { productServerKind } from '../product/kind.ts';
import { logAction } from '../records/actions.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import type { ServerKind } from '../records/kind.ts';
import { readableTable } from '../records/readable.ts';
import { productLines, productTotals } from './tables.ts';

/**
 * The product lines of any kind with `features.products` (docs/adding-a-record-kind.md "Product
 * lines"). The save re-checks the arithmetic with the form's own shared functions and refuses a
 * mismatch (docs/decisions.md "Product lines: a tampered figure is refused"); the stored figures
 * are the recomputed ones, so nothing is stored as a client claims it.
 */

export type SubmittedTotals = { totalPrice?: number; discountRate: number };

/**
 * Check and replace a record's lines and totals, inside the caller's transaction. Answers the
 * stored total (the kind may keep it as its own amount). Logs the total when it changes.
 */
export async function saveProductLines(
  tx: Tx,
  sk: ServerKind,
  recordId: number,
  userId: number,
  lines: ProductLine[],
  totals: SubmittedTotals,
): Promise<{ totalPrice: number; discountRate: number }> {
  const sum = sumOf(lines.map((l) => l.subtotal));
  const totalPrice = totals.totalPrice ?? totalOf(sum, totals.discountRate);
  const error = productLinesError(lines, { totalPrice, discountRate: totals.discountRate });
  if (error) throw badRequest(error);
  if (lines.length) {
    const known = await queryRows<{ product_id: number }>(
      tx,
      sql`select product_id from crm_product where product_id in ${inList(lines.map((l) => l.productId))}`,
    );
    if (known.length !== new Set(lines.map((l) => l.productId)).size) throw badRequest(ProductLineMsg.productMissing);
  }
  const label = sk.kind.label;
  const [before] = await tx
    .select()
    .from(productTotals)
    .where(and(eq(productTotals.label, label), eq(productTotals.recordId, recordId)));
  await tx.delete(productLines).where(and(eq(productLines.label, label), eq(productLines.recordId, recordId)));
  if (lines.length)
    await tx.insert(productLines).values(
      lines.map((l, i) => ({
        label,
        recordId,
        productId: l.productId,
        price: String(round2(l.price)),
        salesPrice: String(round2(l.salesPrice)),
        num: String(round2(l.num)),
        discount: String(round2(l.discount)),
        subtotal: String(round2(l.subtotal)),
        sort: i,
      })),
    );
  const stored = { totalPrice: round2(totalPrice), discountRate: round2(totals.discountRate) };
  await tx
    .insert(productTotals)
    .values({ label, recordId, totalPrice: String(stored.totalPrice), discountRate: String(stored.discountRate) })
    .onConflictDoUpdate({
      target: [productTotals.label, productTotals.recordId],
      set: { totalPrice: String(stored.totalPrice), discountRate: String(stored.discountRate) },
    });
  const was = before ? Number(before.totalPrice) : 0;
  if (before ? was !== stored.totalPrice || Number(before.discountRate) !== stored.discountRate : lines.length > 0)
    await logAction(tx, sk, [
      {
        recordId,
        userId,
        action: 'update',
        changes: [{ field: 'totalPrice', name: '产品合计', before: before ? was : null, after: stored.totalPrice }],
      },
    ]);
  return stored;
}

/**
 * A record's lines with each product's name, category and unit, and its totals: `{list, money,
 * discountRate}`. The product is read as the viewer may (readable.ts): a hidden unit or category
 * is empty. Price and quantity are the line's own, fixed when the sale was made.
 */
export async function loadProductLines(
  db: Tx,
  user: SessionUser,
  label: number,
  recordId: number,
): Promise<ProductLinesAnswer> {
  const { hidden } = await fieldAccessFor(db, user, productServerKind.kind);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.product_id, l.price, l.sales_price, l.num, l.discount, l.subtotal,
          p.name, p.unit, c.name as category_name
        from crm_product_line l
        left join ${readableTable(productServerKind, hidden)} p on p.product_id = l.product_id
        left join crm_product_category c on c.category_id = p.category_id
        where l.label = ${label} and l.record_id = ${recordId}
        order by l.sort, l.id`,
  );
  const [totals] = await db
    .select()
    .from(productTotals)
    .where(and(eq(productTotals.label, label), eq(productTotals.recordId, recordId)));
  return {
    list: rows.map((r) => ({
      productId: Number(r.product_id),
      name: String(r.name ?? ''),
      categoryName: (r.category_name as string | null) ?? null,
      unit: (r.unit as string | null) ?? null,
      price: Number(r.price),
      salesPrice: Number(r.sales_price),
      num: Number(r.num),
      discount: Number(r.discount),
      subtotal: Number(r.subtotal),
    })),
    money: totals ? Number(totals.totalPrice) : 0,
    discountRate: totals ? Number(totals.discountRate) : 0,
  };
}

/** Drop the lines and totals of deleted records (the kind's `beforeDelete`). */
export async function deleteProductLines(tx: Tx, label: number, recordIds: number[]) {
  if (recordIds.length === 0) return;
  await tx.delete(productLines).where(and(eq(productLines.label, label), inArray(productLines.recordId, recordIds)));
  await tx.delete(productTotals).where(and(eq(productTotals.label, label), inArray(productTotals.recordId, recordIds)));
}
