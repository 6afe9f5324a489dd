import type { Answer, ContractPath } from '@crm/shared';
import { type ApiBody, type RequestOptions, request } from './request';

/**
 * Call an API path; the answer's type is the path's shared response contract
 * (`packages/shared/src/contracts`), the schema the server serialises with.
 */
export const call = <P extends ContractPath>(path: P, data?: ApiBody, opts?: RequestOptions): Promise<Answer<P>> =>
  request<Answer<P>>(path, data, opts);
