import {
  businessKind,
  businessStatusResponse,
  businessTypeListResponse,
  businessTypePageResponse,
  businessTypeRow,
} from '../records/business.ts';
import { productCategoryTreeResponse, productKind } from '../records/product.ts';
import { productLinesResponse } from '../records/product-lines.ts';
import { noData } from './common.ts';
import { recordKindContracts, recordPageResponse, savedIdResponse } from './records.ts';

/** Products, their categories (docs/api/products.md). */
export const productContracts = {
  ...recordKindContracts('CrmProduct', productKind.features),
  '/CrmProduct/saveAndUpdate': savedIdResponse,
  '/CrmProduct/updateStatus': noData,
  '/CrmProductCategory/queryList': productCategoryTreeResponse,
  '/CrmProductCategory/saveAndUpdate': savedIdResponse,
  '/CrmProductCategory/deleteById': noData,
};

/** Opportunities and their stage groups (docs/api/business.md). */
export const businessContracts = {
  ...recordKindContracts('CrmBusiness', businessKind.features),
  '/CrmBusiness/addOrUpdate': savedIdResponse,
  '/CrmBusiness/queryBusinessStatusOptions': businessTypeListResponse,
  '/CrmBusiness/queryBusinessStatus': businessStatusResponse,
  '/CrmBusiness/boostBusinessStatus': noData,
  '/CrmBusiness/queryProduct': productLinesResponse,
  '/CrmCustomer/queryBusiness': recordPageResponse,
  '/businessType/queryList': businessTypeListResponse,
  '/businessType/queryBusinessTypeList': businessTypePageResponse,
  '/businessType/getBusinessType': businessTypeRow,
  '/businessType/saveAndUpdate': savedIdResponse,
  '/businessType/updateStatus': noData,
  '/businessType/deleteById': noData,
};
