import type { Input, PlanRow, RecordPage } from '@crm/shared';
import { call } from '@/shell/call';

const json = { json: true } as const;

export const contractApi = {
  saveContract: (body: unknown) =>
    call('/CrmContract/saveAndUpdate', body as Input<'/CrmContract/saveAndUpdate'>, json),
  saveReceivables: (body: unknown) =>
    call('/CrmReceivables/saveOrUpdate', body as Input<'/CrmReceivables/saveOrUpdate'>, json),
  discard: (ids: number[]) => call('/CrmContract/contractDiscard', { ids }, json),
  approvedContracts: (customerId: number) =>
    call('/CrmCustomer/queryContract', { customerId, checkStatus: 1, page: 1, limit: 100 }) as Promise<RecordPage>,
  freePlans: (contractId: number) => call('/CrmContract/queryReceivablesPlansByContractId', { contractId }),
  receivablesOfContract: (contractId: number, page: number) =>
    call('/CrmContract/qureyReceivablesListByContractId', { contractId, page, limit: 10 }) as Promise<RecordPage>,
  plansOfContract: (contractId: number, page: number) =>
    call('/CrmContract/qureyReceivablesPlanListByContractId', { contractId, page, limit: 10 }) as Promise<{
      list: PlanRow[];
      totalRow: number;
    }>,
  contractsOfCustomer: (customerId: number, page: number) =>
    call('/CrmCustomer/queryContract', { customerId, page, limit: 10 }) as Promise<RecordPage>,
  receivablesOfCustomer: (customerId: number, page: number) =>
    call('/CrmCustomer/queryReceivables', { customerId, page, limit: 10 }) as Promise<RecordPage>,
  plansOfCustomer: (customerId: number, page: number) =>
    call('/CrmCustomer/queryReceivablesPlan', { customerId, page, limit: 10 }) as Promise<{
      list: PlanRow[];
      totalRow: number;
    }>,
  /** A customer's opportunities, the choices of a contract's 商机 field (crm-records 4). */
  businessOfCustomer: (customerId: number) =>
    call('/CrmCustomer/queryBusiness', { customerId, page: 1, limit: 100 }, json) as Promise<RecordPage>,
  /** An opportunity's products and money, carried into a contract chosen from it. */
  businessProducts: (businessId: number) => call('/CrmBusiness/queryProduct', { businessId, pageType: 0 }),
  contractsOfBusiness: (businessId: number, page: number) =>
    call('/CrmBusiness/queryContract', { businessId, page, limit: 10 }) as Promise<RecordPage>,
  savePlan: (body: Record<string, unknown>) => call('/Crm/ReceivablesPlan/saveAndUpdate', body, json),
  deletePlans: (ids: number[]) => call('/Crm/ReceivablesPlan/deleteByIds', { ids }, json),
};
