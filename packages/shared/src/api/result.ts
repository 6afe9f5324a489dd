/** The envelope of every API answer: `code` 0 is success. */
export type ApiResult<T = unknown> = { code: number; msg: string; data: T };

/** Result codes. 302 mirrors the original product's "session gone" code, which the client keys on. */
export const ResultCode = {
  ok: 0,
  badRequest: 400,
  notLoggedIn: 302,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  serverError: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** A page of a list, paged in SQL. */
export type PageResult<T> = { list: T[]; totalRow: number; page: number; limit: number };
