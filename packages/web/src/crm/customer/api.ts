import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The customer form's calls (docs/api/customers.md); shops and field definitions are their modules'. */
export type ShopOption = { shopId: number; shopName: string; relation?: string };

export const customerPanelApi = {
  forEdit: (id: number) => call('/CrmCustomer/queryForEdit', { id }, { silent: true }),
  signCandidates: (body: Input<'/CrmCustomer/searchMySignList'>) =>
    call('/CrmCustomer/searchMySignList', body, { json: true, silent: true }),
  save: (body: Record<string, unknown>) => call('/CrmCustomer/addOrUpdate', body, { json: true, silent: true }),
  /** The shop module's autocomplete (`/api/Store/searchShop`). */
  searchShop: (search: string) => call('/api/Store/searchShop', { search }, { silent: true }),
};
