import { commonScenes, type ModuleCode, type RecordKind } from '@crm/shared';

/**
 * A kind that exists only in the tests of the generic review pieces (the form's review block,
 * the detail's review actions): it declares `review` under category 97 and nothing else names it.
 */
export const sampleKind: RecordKind = {
  key: 'sample',
  label: 97 as ModuleCode,
  name: '样品',
  nameEn: 'Sample',
  permission: 'crm:customer',
  table: 'crm_sample',
  idField: 'sampleId',
  nameField: 'sampleName',
  fixedFields: [
    {
      fieldName: 'sampleName',
      column: { type: 'varchar' },
      name: '样品名称',
      nameEn: 'Name',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 50,
    },
  ],
  defaultColumns: ['sampleName'],
  systemScenes: commonScenes,
  features: { team: false, followUps: false, attachments: false, transfer: false },
  review: { categoryType: 97, subject: 'sample', category: 'crm_sample' },
};
