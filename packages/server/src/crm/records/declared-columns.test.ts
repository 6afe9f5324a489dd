import { columnOf, type FixedField } from '@crm/shared';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { businessServerKind } from '../business/kind.ts';
import { businesses } from '../business/tables.ts';
import { contactsServerKind } from '../contacts/kind.ts';
import { contacts } from '../contacts/tables.ts';
import { contractServerKind, receivablesServerKind } from '../contract/kind.ts';
import { contracts, receivables } from '../contract/tables.ts';
import { customerServerKind } from '../customer/kind.ts';
import { customers } from '../customer/tables.ts';
import { leadsServerKind } from '../leads/kind.ts';
import { leads } from '../leads/tables.ts';
import { productServerKind } from '../product/kind.ts';
import { products } from '../product/tables.ts';
import { storeServerKind } from '../store/kind.ts';
import { stores } from '../store/tables.ts';
import type { ServerKind } from './kind.ts';

/**
 * A fixed field's column is declared once, in the shared descriptor; the Drizzle tables stay
 * hand-written (docs/decisions.md "Record kinds"), so this holds each to its declaration: the SQL
 * name, type, length and nullability, and the server's column map derived from it.
 */
const kinds: [ServerKind, PgTable][] = [
  [leadsServerKind, leads],
  [customerServerKind, customers],
  [contactsServerKind, contacts],
  [productServerKind, products],
  [businessServerKind, businesses],
  [contractServerKind, contracts],
  [receivablesServerKind, receivables],
  [storeServerKind, stores],
];

/** What the table says of a field's column, in the declaration's terms. */
function tableColumn(table: PgTable, name: string) {
  const c = getTableConfig(table).columns.find((col) => col.name === name);
  return c && { column: c.name, sqlType: c.getSQLType(), nullable: !c.notNull };
}

const declared = (f: FixedField) => {
  const { column, sqlType, nullable } = columnOf(f);
  return { column, sqlType, nullable };
};

describe('fixed fields: declaration, table and column map agree', () => {
  for (const [sk, table] of kinds) {
    it(`${sk.kind.key}: every fixed field's column is as declared`, () => {
      expect(getTableConfig(table).name).toBe(sk.kind.table);
      for (const f of sk.kind.fixedFields) {
        expect({ field: f.fieldName, ...tableColumn(table, declared(f).column) }).toEqual({
          field: f.fieldName,
          ...declared(f),
        });
        expect(sk.columns[f.fieldName]?.column).toBe(declared(f).column);
      }
    });
  }

  it('a text field limit is the varchar length unless the column says otherwise', () => {
    const name = contactsServerKind.kind.fixedFields.find((f) => f.fieldName === 'mobile')!;
    expect(columnOf(name).sqlType).toBe('varchar(20)');
    // The check above fails when either side moves: a declaration of 21 does not match the table.
    expect(declared({ ...name, maxLength: 21 })).not.toEqual(tableColumn(contacts, 'mobile'));
  });
});
