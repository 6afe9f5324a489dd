import { z } from 'zod';
import { formatTime } from '../time/clock.ts';

/**
 * Building blocks of the response contracts. A response schema describes the answer's `data`;
 * the server serialises with it (fields it does not name are not sent) and the web types its
 * calls with the inferred types, so both sides read one definition.
 */

/** Calls that answer nothing: `data` is null. */
export const noData = z.null();

const pageSchemas = new WeakSet<z.ZodType>();

/**
 * A page of a list, paged in SQL. The route layer adds the original client's page fields
 * (`pageNumber`, `pageSize`, `totalPage`, `firstPage`, `lastPage`: `originalPageFields`) to every
 * page, and answers `pageType: 0` with the plain array of the whole list.
 */
export const pageOf = <T extends z.ZodType>(item: T) => {
  const schema = z.object({
    list: z.array(item),
    totalRow: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pageNumber: z.number().int().optional(),
    pageSize: z.number().int().optional(),
    totalPage: z.number().int().optional(),
    firstPage: z.boolean().optional(),
    lastPage: z.boolean().optional(),
  });
  pageSchemas.add(schema);
  return schema;
};

/** Whether a response schema is a page made by `pageOf`. */
export const isPageSchema = (schema: z.ZodType): boolean => pageSchemas.has(schema);

/** The original client's names of a page's position (its log list reads `lastPage`). */
export function originalPageFields(p: { totalRow: number; page: number; limit: number }) {
  const totalPage = p.limit > 0 ? Math.ceil(p.totalRow / p.limit) : 0;
  return {
    pageNumber: p.page,
    pageSize: p.limit,
    totalPage,
    firstPage: p.page <= 1,
    lastPage: p.page >= totalPage,
  };
}

/**
 * A time of an answer: `yyyy-MM-dd HH:mm:ss` in the company's time zone (docs/api.md). Every time
 * field is declared with this one schema, which is the marker the server's route layer finds it
 * by (`isApiTime`) to write whatever the handler put there (a Date, or text a query gave) in that
 * form; so a handler may return a Date, the web reads text. A time declared as a plain string
 * would go out as it is: the route-table test refuses `…Time` fields without the marker.
 */
export const apiTime = z.codec(z.union([z.string(), z.date()]), z.string(), {
  // Not run by the server (it serialises with the JSON schema); for a caller that parses an answer.
  decode: (v) => (typeof v === 'string' ? v : formatTime(v)),
  encode: (v) => v,
});
/** Whether a schema is `apiTime` itself (wrappers such as `.nullable()` hold it inside). */
export const isApiTime = (schema: unknown): boolean => schema === apiTime;

/** A person by id and name: pickers, flows and category settings. */
export const namedUserSchema = z.object({ userId: z.number().int(), realname: z.string() });
export type NamedUser = z.infer<typeof namedUserSchema>;

/** A person as an approval shows them: with avatar and department. */
export const personSchema = namedUserSchema.extend({ img: z.string(), deptName: z.string() });
export type Person = z.infer<typeof personSchema>;
