/** Test helpers of the customer calls. */

/**
 * A valid body of the customer panel's flat save (CrmCustomer/addOrUpdate, shell spec 3.2) with
 * these changes: a test states only the fields it is about.
 */
export const customerPanel = (over: Record<string, unknown> = {}) => ({
  customerName: '林小姐',
  mobile: '13800001111',
  hasOldCustomer: true,
  gender: 2,
  shopOwnerId: 1,
  relation: '成都三级',
  idCard: '510104199001011234',
  gatIdCard: '',
  idCardUrl: '',
  hasSign: false,
  signTime: null,
  signItemUserIds: null,
  ...over,
});
