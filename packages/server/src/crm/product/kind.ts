import { productKind, productRequiredFields } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { fixedColumns, type ServerKind } from '../records/kind.ts';
import { products } from './tables.ts';

/**
 * Products on the record machinery. The catalogue is open to everyone who holds the product
 * permissions (a salesperson picks from all of it), whoever created a product; the shelf scenes
 * are the product's own.
 */
export const productServerKind: ServerKind = {
  kind: productKind,
  routePrefix: 'CrmProduct',
  required: productRequiredFields,
  table: 'crm_product',
  pgTable: products,
  idColumn: 'product_id',
  columns: {
    ...fixedColumns(productKind),
  },
  catalogue: 'the product catalogue: every product is open to whoever holds crm:product:index (the route checks it)',
  scenes: {
    onShelf: () => sql`r.status = 1`,
    offShelf: () => sql`r.status = 0`,
  },
};

/** The category's name beside each product (list column, detail). */
export const productComputedColumns = {
  categoryName: {
    name: '产品类别',
    derivedFrom: ['categoryId'],
    sql: sql`(select c.name from crm_product_category c where c.category_id = r.category_id)`,
    type: 'text' as const,
  },
};
