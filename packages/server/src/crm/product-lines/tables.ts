import { index, integer, numeric, pgTable, primaryKey, serial, smallint } from 'drizzle-orm/pg-core';

/**
 * Product lines of any record kind (opportunities, contracts), keyed by (module code, record id),
 * as the shared tables of the record machinery are: a kind with `features.products` needs no
 * table of its own for them. Values are what the shared arithmetic gives (product-lines.ts).
 */
export const productLines = pgTable(
  'crm_product_line',
  {
    id: serial('id').primaryKey(),
    label: smallint('label').notNull(),
    recordId: integer('record_id').notNull(),
    productId: integer('product_id').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    salesPrice: numeric('sales_price', { precision: 14, scale: 2 }).notNull(),
    num: numeric('num', { precision: 14, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 14, scale: 2 }).notNull(),
    subtotal: numeric('subtotal', { precision: 16, scale: 2 }).notNull(),
    /** The line's place in the table as the form sent it. */
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    index('crm_product_line_record_idx').on(t.label, t.recordId, t.sort),
    // Deleting a product or a category asks whether any line uses it.
    index('crm_product_line_product_idx').on(t.productId),
  ],
);

/** A record's whole-order figures: the total after the whole-order discount, and that discount. */
export const productTotals = pgTable(
  'crm_product_total',
  {
    label: smallint('label').notNull(),
    recordId: integer('record_id').notNull(),
    totalPrice: numeric('total_price', { precision: 16, scale: 2 }).notNull(),
    discountRate: numeric('discount_rate', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.label, t.recordId] })],
);
