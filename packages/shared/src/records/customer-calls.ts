import { z } from 'zod';
import { withAliases } from '../schemas/aliases.ts';
import {
  idField,
  idList,
  intEnum,
  intField,
  optionalId,
  pageFields,
  requiredText,
  searchField,
} from '../schemas/fields.ts';

/**
 * Request schemas of the customer's own calls beyond save (shell spec 7.3; docs/api/customers.md).
 * Messages in Chinese as the answers carry them.
 */
export const CustomerCallMsg = {
  idsRequired: '请选择客户',
  dealStatusInvalid: '成交状态有误',
  userRequired: '请选择用户',
  userNotFound: '用户不存在',
  signUsersInvalid: '下级经销商有误',
  settingNotFound: '规则不存在',
  settingNameRequired: '请输入规则名称',
  settingTypeInvalid: '规则类型有误',
  customerNumInvalid: '客户数量须为1到100000的整数',
  customDealInvalid: '成交客户是否占用数量有误',
  settingTargetsRequired: '请选择适用的员工或部门',
  settingUsersInvalid: '员工有误',
  settingDeptsInvalid: '部门有误',
  ownerInvalid: '负责人有误',
  /** Edit restrictions of shell spec 4.3, enforced by the server too. */
  advisorLocked: '该客户为美学顾问，不能修改姓名、手机号、是否老客户、性别和身份证号',
  shopLocked: '已成交客户不能修改所属门店',
  /** The customer's app-user calls (docs/decisions.md, "Customer app-user calls"). */
  userHiddenInvalid: '隐藏状态有误',
  userIdentityInvalid: '用户身份有误',
  userNotLinked: '该用户未关联客户',
  userServesSigning: '该用户是已签约客户的下级分销商，请先在签约中移除',
} as const;

/**
 * The identity of a customer's linked app user (`crm_customer.user_identity`): an advisor (美学顾问)
 * owns the customer's identity fields and may serve signings as a lower-level distributor; a
 * plain customer account does neither.
 */
export const CustomerUserIdentity = { customer: 1, advisor: 2 } as const;
export const customerUserIdentityNames: Record<number, string> = { 1: '客户', 2: '美学顾问' };

const someIds = (msg: string) => idList(msg).refine((ids) => ids.length > 0, { error: msg });

/** `setDealStatus`: 0 not closed, 1 closed (成交). */
export const setDealStatusSchema = withAliases(
  z.object({
    ids: someIds(CustomerCallMsg.idsRequired),
    status: intEnum([0, 1] as const, CustomerCallMsg.dealStatusInvalid),
  }),
  // The original's 成交状态 dialog sends the status as `dealStatus`.
  { dealStatus: 'status' },
);

/** `searchMySignList`: candidates for the signing's lower-level distributors. */
export const searchSignListSchema = z.object({
  /** The customer's own account, when it has one (it cannot be its own distributor). */
  userId: optionalId(CustomerCallMsg.userRequired),
  search: searchField,
  /** The ids the panel holds already: always answered, selectable, so their names show. */
  selectSingUserIds: idList(CustomerCallMsg.signUsersInvalid),
  /** The customer being edited: its own signing does not make a candidate unavailable. */
  customerId: optionalId(CustomerCallMsg.idsRequired),
});

export const signUserIdSchema = z.object({ userId: idField(CustomerCallMsg.userRequired) });

/** `setUserHasHidden`: 1 hides the customer's app user from the signing candidates, 0 shows it. */
export const setUserHiddenSchema = z.object({
  userId: idField(CustomerCallMsg.userRequired),
  hasHidden: intEnum([0, 1] as const, CustomerCallMsg.userHiddenInvalid),
});

/** `changeIdentityByUserId`: 1 客户, 2 美学顾问 (`CustomerUserIdentity`). */
export const changeUserIdentitySchema = z.object({
  userId: idField(CustomerCallMsg.userRequired),
  identity: intEnum([1, 2] as const, CustomerCallMsg.userIdentityInvalid),
});

export const customerSettingListSchema = z.object({
  type: intEnum([1, 2] as const, CustomerCallMsg.settingTypeInvalid, 1),
  ...pageFields,
});

export const customerSettingSchema = z
  .object({
    settingId: optionalId(CustomerCallMsg.settingNotFound),
    settingName: requiredText({ label: '规则名称', max: 50 }, CustomerCallMsg.settingNameRequired),
    /** 1 limit on owned customers, 2 limit on locked customers. */
    type: intEnum([1, 2] as const, CustomerCallMsg.settingTypeInvalid),
    customerNum: intField(CustomerCallMsg.customerNumInvalid, { min: 1, max: 100_000 }),
    /** 1: closed (成交) customers count toward the limit. */
    customDeal: intEnum([0, 1] as const, CustomerCallMsg.customDealInvalid, 0),
    userIds: idList(CustomerCallMsg.settingUsersInvalid),
    deptIds: idList(CustomerCallMsg.settingDeptsInvalid),
  })
  .refine((s) => s.userIds.length + s.deptIds.length > 0, {
    path: ['userIds'],
    error: CustomerCallMsg.settingTargetsRequired,
  });
export type CustomerSettingInput = z.infer<typeof customerSettingSchema>;

export const customerSettingIdSchema = z.object({ settingId: idField(CustomerCallMsg.settingNotFound) });

/** The app list calls (GET, query string): paged, optionally for one owner or distributor. */
export const customerAppListSchema = z.object({
  ...pageFields,
  search: searchField,
  /** Whose customers (default: the caller). */
  ownerUserId: optionalId(CustomerCallMsg.ownerInvalid),
  /** For `appQueryPageListByOwnerUserIdCustumer`: the distributor (default: the caller). */
  userId: optionalId(CustomerCallMsg.userRequired),
});
