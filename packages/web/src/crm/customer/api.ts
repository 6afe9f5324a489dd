import { customerKind, type FieldDefinition } from '@crm/shared';
import { call } from '@/shell/call';
import { request } from '@/shell/request';

/** The panel's calls (docs/api/customers.md); shops and field definitions are their modules'. */
export type ShopOption = { shopId: number; shopName: string; relation?: string };

export const customerPanelApi = {
  forEdit: (id: number) => call('/CrmCustomer/queryForEdit', { id }, { silent: true }),
  signCandidates: (body: { search: string; selectSingUserIds: number[]; customerId?: number; userId?: number }) =>
    call('/CrmCustomer/searchMySignList', body, { json: true, silent: true }),
  save: (body: Record<string, unknown>) => call('/CrmCustomer/addOrUpdate', body, { json: true, silent: true }),
  /** The shop module's autocomplete (`/api/Store/searchShop`). */
  searchShop: (search: string) => request<ShopOption[]>('/api/Store/searchShop', { search }, { silent: true }),
  /** The customer kind's field definitions (its module code) from the field designer's module. */
  fields: () => request<FieldDefinition[]>('/field/queryField', { label: customerKind.label }, { silent: true }),
};
