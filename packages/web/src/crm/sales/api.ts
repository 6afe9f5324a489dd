import type { BusinessTypeSaveInput, Input } from '@crm/shared';
import { call } from '@/shell/call';

/** Products, categories, opportunities and stage groups (docs/api/products.md, docs/api/business.md). */
const json = { json: true } as const;

export const salesApi = {
  categories: () => call('/CrmProductCategory/queryList'),
  saveCategory: (body: Input<'/CrmProductCategory/saveAndUpdate'>) =>
    call('/CrmProductCategory/saveAndUpdate', body, json),
  deleteCategory: (id: number) => call('/CrmProductCategory/deleteById', { id }),
  setShelf: (ids: number[], status: 0 | 1) => call('/CrmProduct/updateStatus', { ids, status }, json),
  statusOptions: () => call('/CrmBusiness/queryBusinessStatusOptions'),
  businessStatus: (businessId: number) => call('/CrmBusiness/queryBusinessStatus', { businessId }),
  boost: (body: Input<'/CrmBusiness/boostBusinessStatus'>) => call('/CrmBusiness/boostBusinessStatus', body, json),
  customerBusiness: (customerId: number, page: number, limit: number) =>
    call('/CrmCustomer/queryBusiness', { customerId, page, limit }, json),
  businessTypes: () => call('/businessType/queryList'),
  saveBusinessType: (body: BusinessTypeSaveInput) => call('/businessType/saveAndUpdate', body, json),
  setBusinessTypeStatus: (id: number, status: 0 | 1) => call('/businessType/updateStatus', { id, status }),
  deleteBusinessType: (id: number) => call('/businessType/deleteById', { id }),
};

export const salesKeys = {
  categories: ['crm', 'productCategories'] as const,
  statusOptions: ['crm', 'businessStatusOptions'] as const,
  businessTypes: ['manager', 'businessTypes'] as const,
  businessStatus: (id: number) => ['crm', 'CrmBusiness', 'status', id] as const,
  customerBusiness: (id: number, page: number) => ['crm', 'CrmBusiness', 'ofCustomer', id, page] as const,
};
