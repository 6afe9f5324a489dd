import type { CustomerSettingInput } from '@crm/shared';
import { call } from '@/shell/call';

/** The customer limits' calls (docs/api/customers.md, manage:crm:setting). */
const json = { json: true };

export const customerSettingApi = {
  list: (q: { type: 1 | 2; page: number; limit: number }) => call('/CrmCustomer/queryCustomerSetting', q, json),
  save: (input: CustomerSettingInput) => call('/CrmCustomer/customerSetting', input, json),
  remove: (settingId: number) => call('/CrmCustomer/deleteCustomerSetting', { settingId }, json),
};

export const customerSettingKeys = {
  all: ['manager', 'customer-setting'] as const,
  list: (q: unknown) => ['manager', 'customer-setting', 'list', q] as const,
};
