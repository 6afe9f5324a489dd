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

/** HTTP status for a result code: the body carries the code the client keys on. */
export function httpStatusFor(code: number): number {
  if (code === ResultCode.ok) return 200;
  if (code === ResultCode.notLoggedIn) return 401;
  if (code >= 400 && code < 600) return code;
  return 400;
}
