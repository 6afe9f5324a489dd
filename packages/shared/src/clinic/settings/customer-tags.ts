import { z } from 'zod';
import { noData } from '../../contracts/common.ts';
import { idField, idList } from '../../schemas/fields.ts';

/**
 * A customer's tags (markManage's tags set on the customer's detail). The customer list carries
 * their names as `tagNames` (comma-joined, by the tags' order) and filters on it.
 */
export const CustomerTagMsg = {
  customerRequired: '请选择客户',
  tagsInvalid: '所选标签有误',
  tagMissing: '所选标签不存在或已停用',
  tooMany: '一位顾客最多设置20个标签',
} as const;

export const customerTagPaths = {
  query: '/clinicSettings/customerTag/query',
  set: '/clinicSettings/customerTag/set',
  /** The enabled tags a customer may be given (for whoever reads customers). */
  options: '/clinicSettings/customerTag/options',
} as const;

export const customerTagQuerySchema = z.object({ customerId: idField(CustomerTagMsg.customerRequired) });
export const customerTagSetSchema = z.object({
  customerId: idField(CustomerTagMsg.customerRequired),
  tagIds: idList(CustomerTagMsg.tagsInvalid).refine((ids) => ids.length <= 20, { error: CustomerTagMsg.tooMany }),
});
export const customerTagListResponse = z.array(
  z.object({ tagId: z.number().int(), name: z.string(), color: z.string(), groupName: z.string() }),
);

export const customerTagContracts = {
  [customerTagPaths.query]: customerTagListResponse,
  [customerTagPaths.set]: noData,
  [customerTagPaths.options]: customerTagListResponse,
};
