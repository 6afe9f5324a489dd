import { z } from 'zod';
import { idField, optionalId, pageFields, requiredText } from '../schemas/fields.ts';
import { fillableOnlyFields, fixedShape } from './derive.ts';
import { commonScenes, ModuleCode, type RecordKind, yesNoCodes } from './kind.ts';
import { originalSaveBody } from './original.ts';
import { recordSaveSchema } from './schemas.ts';

/**
 * Contacts (module 3, crm-records §3, §7): people at a customer. A contact belongs to one
 * customer (`customerId`) and follows it when the customer changes owner; 是否关键决策人 is a
 * 是/否 choice sent as a boolean.
 */
export const contactsKind = {
  key: 'contacts',
  label: ModuleCode.contacts,
  name: '联系人',
  nameEn: 'Contact',
  permission: 'crm:contacts',
  table: 'crm_contacts',
  idField: 'contactsId',
  nameField: 'name',
  searchFields: ['mobile'],
  link: { formType: 'contacts' },
  fixedFields: [
    {
      fieldName: 'name',
      column: { type: 'varchar' },
      name: '姓名',
      nameEn: 'Name',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 50,
    },
    {
      fieldName: 'customerId',
      column: { type: 'integer' },
      fillableOnly: true,
      name: '客户名称',
      nameEn: 'Customer',
      formType: 'customer',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'mobile',
      column: { type: 'varchar' },
      name: '手机',
      nameEn: 'Mobile',
      formType: 'mobile',
      isNull: 0,
      isUnique: 0,
      maxLength: 20,
    },
    {
      fieldName: 'telephone',
      column: { type: 'varchar' },
      name: '电话',
      nameEn: 'Telephone',
      formType: 'text',
      isNull: 0,
      isUnique: 0,
      maxLength: 20,
    },
    {
      fieldName: 'email',
      column: { type: 'varchar' },
      name: '邮箱',
      nameEn: 'Email',
      formType: 'email',
      isNull: 0,
      isUnique: 0,
      maxLength: 100,
    },
    {
      fieldName: 'policymaker',
      column: { type: 'boolean' },
      name: '是否关键决策人',
      nameEn: 'Key decision maker',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: ['是', '否'],
      codes: yesNoCodes,
    },
    {
      fieldName: 'post',
      column: { type: 'varchar' },
      name: '职务',
      nameEn: 'Position',
      formType: 'text',
      isNull: 0,
      isUnique: 0,
      maxLength: 50,
    },
    {
      fieldName: 'address',
      column: { type: 'varchar' },
      name: '地址',
      nameEn: 'Address',
      formType: 'text',
      isNull: 0,
      isUnique: 0,
      maxLength: 200,
    },
    {
      fieldName: 'remark',
      column: { type: 'varchar', length: 200 },
      name: '备注',
      nameEn: 'Remark',
      formType: 'textarea',
      isNull: 0,
      isUnique: 0,
    },
  ],
  // crm-records §3: name, mobile, telephone, key-decision-maker flag, post.
  defaultColumns: ['name', 'mobile', 'telephone', 'policymaker', 'post'],
  systemScenes: commonScenes.filter((s) => s.key !== 'member'),
  features: { team: false, followUps: true, attachments: true, transfer: true },
} as const satisfies RecordKind;

export const ContactsMsg = {
  notFound: '联系人不存在',
  nameRequired: '姓名不能为空',
  customerRequired: '客户名称不能为空',
  mobileInvalid: '手机格式有误',
  emailInvalid: '邮箱格式有误',
} as const;

/**
 * The contact's customer is required of whoever may fill it (docs/api/fields.md): hidden from the
 * user or read-only, an update keeps the stored one; a new contact always needs one.
 */
export const contactsRequiredFields = fillableOnlyFields(contactsKind);

/** `CrmContacts/addOrUpdate` (JSON): `{entity, field}` with `contactsId` on update; every rule from the declaration. */
const contactsSaveBody = recordSaveSchema({
  contactsId: optionalId(ContactsMsg.notFound),
  ...fixedShape(contactsKind),
});
/** The same call as the original client's forms send it (records/original.ts). */
export const contactsSaveSchema = originalSaveBody(contactsKind, contactsSaveBody);
export type ContactsSaveInput = z.infer<typeof contactsSaveSchema>;

/** An Excel row of contacts: the customer by its name (the import finds the customer the user sees). */
export const contactsImportSchema = recordSaveSchema({
  ...contactsSaveBody.shape.entity.shape,
  customerId: requiredText({ label: '客户名称', max: 50 }, ContactsMsg.customerRequired),
});

/** `CrmCustomer/queryContacts`: a customer's contacts, paged. */
export const customerContactsSchema = z.object({ customerId: idField('客户不存在'), ...pageFields });
