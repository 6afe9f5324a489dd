// Cost of answering through the response contracts: fast-json-stringify built from the zod
// schema (what the server does) against plain JSON.stringify and against zod's own parse.
// npm run bench:serialise -w bench

import { envelopeJsonSchema } from '@crm/server/src/core/route.ts';
import { examineDetailSchema, type SystemUser, userPageResponse } from '@crm/shared';
import fastJson from 'fast-json-stringify';
import type { z } from 'zod';

const user = (i: number): SystemUser => ({
  userId: i,
  username: `user${i}`,
  realname: `员工${i}`,
  img: '',
  mobile: '13800000000',
  email: `u${i}@example.com`,
  sex: 1,
  num: `E${i}`,
  post: '销售',
  status: 1,
  deptId: 3,
  deptName: '销售一部',
  parentId: 2,
  parentName: '主管',
  roleIds: [3, 4],
  roleNames: '销售,审批',
  createTime: '2026-11-22T03:00:00.000Z',
  lastLoginTime: null,
});
const person = { userId: 1, realname: '孙丽', img: '', deptName: '销售一部' };
const task = {
  seq: 1,
  user: person,
  status: 'approved' as const,
  reason: null,
  remarks: '同意',
  from: null,
  superseded: false,
};
const detail: z.input<typeof examineDetailSchema> = {
  examineId: 1,
  recordId: 1,
  categoryId: 1,
  categoryTitle: '采购申请',
  categoryType: 'custom',
  examineType: 1,
  icon: 1,
  fields: Array.from({ length: 8 }, (_, i) => ({
    fieldId: i + 1,
    fieldName: `field_${i + 1}`,
    name: `字段${i}`,
    formType: 'text' as const,
    isNull: 0,
    isUnique: 0,
    options: [],
    inputTips: '',
  })),
  content: '采购投影仪',
  detail: '会议室用',
  batchId: 'b1',
  values: { field_1: '投影仪', field_2: '3999.00' },
  relation: {},
  status: 3,
  round: 1,
  createTime: '2026-11-22T03:00:00.000Z',
  updateTime: '2026-11-22T03:00:00.000Z',
  submitTime: '2026-11-22T03:00:00.000Z',
  createUser: person,
  checkUsers: [person],
  ccUsers: [{ ...person, read: true }],
  flow: Array.from({ length: 3 }, (_, i) => ({
    stepId: i + 1,
    kind: 'users' as const,
    mode: 'or' as const,
    origin: 'flow' as const,
    skipped: false,
    isCurrent: i === 1,
    users: [person, person],
    tasks: [task, task],
  })),
  currentStepId: 2,
  returnableSteps: [1],
  history: Array.from({ length: 6 }, (_, i) => ({
    seq: i + 1,
    round: 1,
    stepId: 1,
    kind: 'approve' as const,
    user: person,
    reason: null,
    remarks: null,
    targets: [],
    status: null,
    time: '2026-11-22T03:00:00.000Z',
  })),
  comments: [{ commentId: 1, user: person, content: '请尽快', createTime: '2026-11-22T03:00:00.000Z' }],
  permitted: {
    approve: true,
    reject: true,
    transfer: true,
    addApprover: true,
    returnTo: true,
    withdraw: false,
    edit: false,
    urge: false,
    delete: false,
    comment: true,
    chooseNext: false,
  },
  // The original client's names of the same facts (issue 20).
  createtime: '2026-11-22T03:00:00.000Z',
  examineStatus: 3,
  causeTitle: '采购投影仪',
  examineRecordId: 1,
  file: [],
  img: [],
  customerList: [],
  contactsList: [],
  businessList: [],
  contractList: [],
  category: '采购申请',
  type: 'custom',
  examineTravelList: [],
};

function time(label: string, n: number, fn: () => unknown): number {
  for (let i = 0; i < 2000; i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  const us = Number(process.hrtime.bigint() - start) / 1000 / n;
  console.log(`${label.padEnd(44)} ${us.toFixed(1).padStart(7)} µs`);
  return us;
}

for (const [name, schema, data] of [
  [
    'user list page (15 rows)',
    userPageResponse,
    { list: Array.from({ length: 15 }, (_, i) => user(i + 1)), totalRow: 500, page: 1, limit: 15 },
  ],
  [
    'user list page (1000 rows)',
    userPageResponse,
    { list: Array.from({ length: 1000 }, (_, i) => user(i + 1)), totalRow: 1000, page: 1, limit: 1000 },
  ],
  ['approval detail', examineDetailSchema, detail],
] as const) {
  const envelope = { code: 0, msg: 'success', data };
  const stringify = fastJson(envelopeJsonSchema(schema as z.ZodType) as object);
  const n = name.includes('1000') ? 200 : 20000;
  console.log(`\n${name}: ${JSON.stringify(envelope).length} bytes`);
  time('JSON.stringify (no contract)', n, () => JSON.stringify(envelope));
  time('fast-json-stringify from the contract', n, () => stringify(envelope));
  time('zod parse + JSON.stringify', n, () => JSON.stringify({ ...envelope, data: (schema as z.ZodType).parse(data) }));
}
