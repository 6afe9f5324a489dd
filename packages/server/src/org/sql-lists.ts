import { type SQL, sql } from 'drizzle-orm';

/** `(1, 2, 3)` for `x in ...`, each id a parameter, duplicates dropped; callers check the list is not empty. */
export const inList = (ids: Iterable<number>): SQL =>
  sql`(${sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  )})`;
