import type { Answer, ContractPath, Input, InputPath } from '@crm/shared';
import { type ApiBody, type RequestOptions, request } from './request';

/**
 * The body of a call: what the shared input schema of its path reads (issue 27), or FormData for
 * an upload (read by the route itself). A path whose route reads no input takes no other body.
 */
export type CallBody<P extends string> = P extends InputPath ? Input<P> | FormData : FormData | undefined;

/**
 * Call an API path; the body is typed by the path's shared input schema (the one the server parses
 * with) and the answer by its shared response contract (the one it serialises with), both in
 * `packages/shared/src/contracts`.
 */
export const call = <P extends ContractPath>(path: P, data?: CallBody<P>, opts?: RequestOptions): Promise<Answer<P>> =>
  request<Answer<P>>(path, data as ApiBody, opts);
