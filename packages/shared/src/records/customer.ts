import { commonScenes, ModuleCode, type RecordKind, yesNoCodes } from './kind.ts';

/**
 * The customer save's messages (shell spec 5.2, in Chinese): the declaration below gives the
 * fields theirs, the save schema (customer-save.ts) its own rules' ones.
 */
export const CustomerMsg = {
  notFound: '客户不存在',
  nameRequired: '请输入客户名称',
  mobileRequired: '请输入手机号',
  mobileInvalid: '手机格式有误',
  relationRequired: '请输入服务三级',
  idCardRequired: '请输入身份证号码',
  shopRequired: '请选择所属门店',
  genderInvalid: '请选择性别',
  signTimeRequired: '请选择签约日期',
  signTimeInvalid: '签约日期格式有误',
  signUsersInvalid: '下级经销商有误',
} as const;

/**
 * Customers (DECISIONS "Customers: two descriptions, one record"): the side panel's fixed fields
 * (shell spec 2.8, 3.2, 5.2) plus the administrator's custom fields. Codes as the panel sends
 * them: gender 1 male / 2 female, hasOldCustomer and hasSign booleans. The save's rules derive
 * from these fields (customer-save.ts); 手机号, 所属门店, 服务三级 and 身份证号 are required of
 * whoever may fill them (docs/api/fields.md).
 */
export const customerKind = {
  key: 'customer',
  label: ModuleCode.customer,
  name: '客户',
  nameEn: 'Customer',
  permission: 'crm:customer',
  table: 'crm_customer',
  idField: 'customerId',
  nameField: 'customerName',
  searchFields: ['mobile'],
  alsoReadBy: ['crm:pool:index'],
  link: { formType: 'customer' },
  // DECISIONS "CRM": a customer's transfer may carry its opportunities and contracts along
  // (the original's changeType 2 and 3; its contacts always follow, crm/customer/routes.ts).
  transferCarry: [
    { key: 'business', changeType: '2' },
    { key: 'contract', changeType: '3' },
  ],
  fixedFields: [
    {
      fieldName: 'customerName',
      requiredMsg: CustomerMsg.nameRequired,
      column: { type: 'varchar' },
      name: '客户名称',
      nameEn: 'Name',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 50,
    },
    {
      fieldName: 'mobile',
      fillableOnly: true,
      requiredMsg: CustomerMsg.mobileRequired,
      invalidMsg: CustomerMsg.mobileInvalid,
      column: { type: 'varchar' },
      name: '手机号',
      nameEn: 'Phone',
      formType: 'mobile',
      isNull: 1,
      isUnique: 0,
      maxLength: 11,
    },
    {
      fieldName: 'hasOldCustomer',
      column: { type: 'boolean' },
      name: '是否老客户',
      nameEn: 'Existing customer',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: ['是', '否'],
      codes: yesNoCodes,
    },
    {
      fieldName: 'gender',
      invalidMsg: CustomerMsg.genderInvalid,
      column: { type: 'smallint' },
      name: '性别',
      nameEn: 'Gender',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: ['男', '女'],
      codes: { 男: 1, 女: 2 },
    },
    {
      fieldName: 'shopOwnerId',
      fillableOnly: true,
      requiredMsg: CustomerMsg.shopRequired,
      column: { type: 'integer', nullable: true },
      name: '所属门店',
      nameEn: 'Shop',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      named: { carried: 'shopOwnerName', table: 'crm_store', idColumn: 'id', nameColumn: 'shop_name' },
    },
    {
      fieldName: 'relation',
      fillableOnly: true,
      requiredMsg: CustomerMsg.relationRequired,
      column: { type: 'varchar' },
      name: '服务三级',
      nameEn: 'Service level three',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      // On the field, not only the column: the field definitions (the generic form, the import's
      // field rules) carry it too.
      maxLength: 50,
    },
    {
      fieldName: 'idCard',
      fillableOnly: true,
      requiredMsg: CustomerMsg.idCardRequired,
      column: { type: 'varchar' },
      name: '身份证号',
      nameEn: 'ID number',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 18,
    },
    {
      fieldName: 'gatIdCard',
      column: { type: 'varchar' },
      name: '港澳台身份证号',
      nameEn: 'Non-mainland ID',
      formType: 'text',
      isNull: 0,
      isUnique: 0,
      maxLength: 30,
    },
    {
      fieldName: 'idCardUrl',
      column: { type: 'varchar', length: 300 },
      name: '身份证照片',
      nameEn: 'ID image',
      formType: 'file',
      isNull: 0,
      isUnique: 0,
    },
    {
      fieldName: 'hasSign',
      column: { type: 'boolean' },
      name: '是否12800签约',
      nameEn: '12800 signing',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: ['是', '否'],
      codes: yesNoCodes,
    },
    {
      fieldName: 'signTime',
      column: { type: 'varchar', length: 10, nullable: true },
      name: '签约日期',
      nameEn: 'Signing date',
      formType: 'date',
      isNull: 0,
      isUnique: 0,
    },
    {
      fieldName: 'signItemUserIds',
      column: { type: 'varchar', length: 2000 },
      name: '下级经销商',
      nameEn: 'Lower-level distributors',
      formType: 'user',
      isNull: 0,
      isUnique: 0,
    },
  ],
  defaultColumns: ['customerName', 'nextTime', 'updateTime', 'createTime'],
  systemScenes: [
    ...commonScenes,
    // todayCustomer and followCustomer of the workbench's to-dos (CrmBackLog/num).
    { key: 'contactToday', name: '今日需联系客户', nameEn: 'To contact today' },
    { key: 'notFollowed', name: '待跟进客户', nameEn: 'Not followed up yet' },
  ],
  features: { team: true, followUps: true, attachments: true, transfer: true },
  // Shell spec 3.5 / 6: the ID image is viewed with lookIdCardUrl and changed with editIdCardUrl.
  permissionFields: { idCardUrl: { look: 'lookIdCardUrl', edit: 'editIdCardUrl' } },
} as const satisfies RecordKind;
