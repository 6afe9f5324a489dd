import { type SQL, sql } from 'drizzle-orm';

/** `(1, 2, 3)` for `x in ...`, each id a parameter, duplicates dropped; callers check the list is not empty. */
export const inList = (ids: Iterable<number>): SQL =>
  sql`(${sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  )})`;

/**
 * The ids as a subquery of one column, one parameter however many (none selects nothing): for
 * `x in (${idRows(ids)})` and as the roots of a tree query (`assignedToSql`).
 */
export const idRows = (ids: Iterable<number>): SQL =>
  sql`select value::int from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb)`;
