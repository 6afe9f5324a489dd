import { commonScenes, ModuleCode, type RecordKind } from './kind.ts';

/**
 * Customers (DECISIONS "Customers: two descriptions, one record"): the side panel's fixed fields
 * (shell spec 2.8, 3.2, 5.2) plus the administrator's custom fields. Codes as the panel sends
 * them: gender 1 male / 2 female, hasOldCustomer and hasSign booleans.
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
  fixedFields: [
    {
      fieldName: 'customerName',
      name: '客户名称',
      nameEn: 'Name',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 50,
    },
    { fieldName: 'mobile', name: '手机号', nameEn: 'Phone', formType: 'mobile', isNull: 1, isUnique: 0, maxLength: 11 },
    {
      fieldName: 'hasOldCustomer',
      name: '是否老客户',
      nameEn: 'Existing customer',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: ['是', '否'],
    },
    {
      fieldName: 'gender',
      name: '性别',
      nameEn: 'Gender',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: ['男', '女'],
    },
    { fieldName: 'shopOwnerId', name: '所属门店', nameEn: 'Shop', formType: 'text', isNull: 1, isUnique: 0 },
    {
      fieldName: 'relation',
      name: '服务三级',
      nameEn: 'Service level three',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'idCard',
      name: '身份证号',
      nameEn: 'ID number',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 18,
    },
    {
      fieldName: 'gatIdCard',
      name: '港澳台身份证号',
      nameEn: 'Non-mainland ID',
      formType: 'text',
      isNull: 0,
      isUnique: 0,
      maxLength: 30,
    },
    { fieldName: 'idCardUrl', name: '身份证照片', nameEn: 'ID image', formType: 'file', isNull: 0, isUnique: 0 },
    {
      fieldName: 'hasSign',
      name: '是否12800签约',
      nameEn: '12800 signing',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: ['是', '否'],
    },
    { fieldName: 'signTime', name: '签约日期', nameEn: 'Signing date', formType: 'date', isNull: 0, isUnique: 0 },
    {
      fieldName: 'signItemUserIds',
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
