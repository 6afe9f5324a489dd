import { z } from 'zod';
import { idList, optionalId } from '../schemas/fields.ts';
import { fixedShape } from './derive.ts';
import { commonScenes, ModuleCode, type RecordKind } from './kind.ts';
import { originalSaveBody } from './original.ts';
import { recordSaveSchema } from './schemas.ts';

/**
 * Leads (module 1, crm-records §3, §7): a prospect before it is a customer. Leads have no team;
 * their own system scene lists the converted ones (DECISIONS "CRM"), and their `transfer` call
 * converts them into customers while `changeOwnerUser` gives them a new owner (the original's names).
 */
export const leadsKind = {
  key: 'leads',
  label: ModuleCode.leads,
  name: '线索',
  nameEn: 'Lead',
  permission: 'crm:leads',
  table: 'crm_leads',
  idField: 'leadsId',
  nameField: 'name',
  searchFields: ['mobile'],
  link: { formType: 'leads' },
  fixedFields: [
    {
      fieldName: 'name',
      column: { type: 'varchar' },
      name: '线索名称',
      nameEn: 'Name',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 50,
    },
    {
      fieldName: 'source',
      column: { type: 'varchar', length: 50 },
      name: '线索来源',
      nameEn: 'Source',
      formType: 'select',
      isNull: 0,
      isUnique: 0,
      options: [
        '促销',
        '搜索引擎',
        '广告',
        '转介绍',
        '线上注册',
        '线上询价',
        '预约上门',
        '陌拜',
        '电话咨询',
        '邮件咨询',
      ],
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
  defaultColumns: ['name', 'nextTime', 'updateTime', 'createTime'],
  systemScenes: [
    ...commonScenes.filter((s) => s.key !== 'member'),
    { key: 'converted', name: '已转化的线索', nameEn: 'Converted' },
    // 待跟进线索 of the workbench: not converted, next follow-up today or earlier.
    { key: 'followUp', name: '待跟进的线索', nameEn: 'To follow up' },
  ],
  features: { team: false, followUps: true, attachments: true, transfer: true },
  transferCall: 'changeOwnerUser',
  originalNames: { leads_name: 'name' },
} as const satisfies RecordKind;

/** Messages of the lead calls (crm-records §5, §8 and ours). */
export const LeadsMsg = {
  notFound: '线索不存在',
  nameRequired: '线索名称不能为空',
  mobileInvalid: '手机格式有误',
  emailInvalid: '邮箱格式有误',
  converted: '线索已转化为客户，不能编辑',
  alreadyConverted: '线索已转化为客户',
} as const;

/** `CrmLeads/addOrUpdate` (JSON): `{entity, field}` with `leadsId` on update; every rule from the declaration. */
const leadsSaveBody = recordSaveSchema({
  leadsId: optionalId(LeadsMsg.notFound),
  ...fixedShape(leadsKind),
});
/** The same call as the original client's forms send it (records/original.ts). */
export const leadsSaveSchema = originalSaveBody(leadsKind, leadsSaveBody);
export type LeadsSaveInput = z.infer<typeof leadsSaveSchema>;

/** `CrmLeads/transfer`: convert leads into customers. */
export const leadsConvertSchema = z.object({
  leadsIds: idList(LeadsMsg.notFound).refine((ids) => ids.length > 0, { error: '请选择线索' }),
});
/** The customers made, one per lead, in the order asked. */
export const leadsConvertResponse = z.object({
  list: z.array(z.object({ leadsId: z.number().int(), customerId: z.number().int() })),
});
