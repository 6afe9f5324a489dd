import { call } from '@/shell/call';
import { request } from '@/shell/request';

/** The customer form's calls (docs/api/customers.md); shops and field definitions are their modules'. */
export type ShopOption = { shopId: number; shopName: string; relation?: string };

export const customerPanelApi = {
  forEdit: (id: number) => call('/CrmCustomer/queryForEdit', { id }, { silent: true }),
  signCandidates: (body: { search: string; selectSingUserIds: number[]; customerId?: number; userId?: number }) =>
    call('/CrmCustomer/searchMySignList', body, { json: true, silent: true }),
  save: (body: Record<string, unknown>) => call('/CrmCustomer/addOrUpdate', body, { json: true, silent: true }),
  /** The shop module's autocomplete (`/api/Store/searchShop`). */
  searchShop: (search: string) => request<ShopOption[]>('/api/Store/searchShop', { search }, { silent: true }),
};
