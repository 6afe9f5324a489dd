import { z } from 'zod';

/**
 * Building blocks of the response contracts. A response schema describes the answer's `data`;
 * the server serialises with it (fields it does not name are not sent) and the web types its
 * calls with the inferred types, so both sides read one definition.
 */

/** Calls that answer nothing: `data` is null. */
export const noData = z.null();

/** A page of a list, paged in SQL. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), totalRow: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** Times are ISO 8601 text. */
export const isoTime = z.string();

/** A person by id and name: pickers, flows and category settings. */
export const namedUserSchema = z.object({ userId: z.number().int(), realname: z.string() });
export type NamedUser = z.infer<typeof namedUserSchema>;

/** A person as an approval shows them: with avatar and department. */
export const personSchema = namedUserSchema.extend({ img: z.string(), deptName: z.string() });
export type Person = z.infer<typeof personSchema>;
