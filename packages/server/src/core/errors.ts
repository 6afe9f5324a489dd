import { Msg, ResultCode } from '@crm/shared';

/** The one error type of the server: a result code and a message a person can read. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(ResultCode.badRequest, msg);
export const forbidden = (msg: string = Msg.forbidden) => new AppError(ResultCode.forbidden, msg);
export const notFound = (msg: string) => new AppError(ResultCode.notFound, msg);
export const conflict = (msg: string) => new AppError(ResultCode.conflict, msg);
export const notLoggedIn = () => new AppError(ResultCode.notLoggedIn, Msg.notLoggedIn);

/**
 * HTTP status for a result code. Every handled outcome is HTTP 200 and says what happened in
 * `code` (the original client treats any other status as a network failure and, the third time,
 * leaves the page); only a crash (code 500) keeps its 5xx.
 */
export function httpStatusFor(code: number): number {
  return code >= 500 && code < 600 ? code : 200;
}

/**
 * The status of a refusal of an address a browser loads itself (an image, a download link):
 * there the status is what the browser acts on (a broken image, no file saved), not the body.
 */
export function browserStatusFor(code: number): number {
  if (code === ResultCode.ok) return 200;
  if (code === ResultCode.notLoggedIn) return 401;
  if (code >= 400 && code < 600) return code;
  return 400;
}
