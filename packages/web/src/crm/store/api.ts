import type { Answer, Input, StoreFormValues } from '@crm/shared';
import { call } from '@/shell/call';
import { request } from '@/shell/request';

export type StoreDetail = Answer<'/api/Store/queryShopOwnerById'>;
/** A lower distributor the signing block may choose (the customers' sign-candidate call). */
export type SignCandidate = { userId: number; userName: string; userPhone: string; disabled: boolean };

export const storeKeys = {
  all: ['store'] as const,
  detail: (id: number) => ['store', 'detail', id] as const,
};

export type StorePayload = Record<string, unknown> & Partial<StoreFormValues>;

/** The shop form's calls (docs/api/stores.md). */
export const storeApi = {
  detail: (id: number) => call('/api/Store/queryShopOwnerById', { id }),
  add: (body: StorePayload) => call('/api/Store/addShopOwner', body as Input<'/api/Store/addShopOwner'>),
  edit: (body: StorePayload) => call('/api/Store/editShopOwner', body as Input<'/api/Store/editShopOwner'>),
  shopOwners: (search: string, excludeId?: number) =>
    call('/api/Store/queryShopOwnerList', { search, ...(excludeId ? { excludeId } : {}) }),
  servers: (search: string, shopId?: number) =>
    call('/api/Store/queryServerList', { search, ...(shopId ? { shopId } : {}) }),
  relations: (search: string) => call('/api/Store/queryShopOwnerRelation', { search }),
  projectClasses: () => call('/api/Store/findProjectClass'),
  projects: (classIds: string) => call('/api/Store/findProjectByType', { classIds }),
  bankName: (cardNumber: string) => call('/api/Store/queryBankName', { cardNumber }, { silent: true }),
  /**
   * The sign candidates belong to customers (`/CrmCustomer/searchMySignList`): the shop form uses
   * the same call with the shop owner's user (none for a new shop).
   */
  signCandidates: (body: Input<'/CrmCustomer/searchMySignList'>) =>
    request<SignCandidate[]>('/CrmCustomer/searchMySignList', body),
};
