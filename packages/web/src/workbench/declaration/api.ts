import type { Input } from '@crm/shared';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** The declaration calls (docs/workbench-declarations.md); answers typed by the shared contracts. */
export type {
  DeclAssignee,
  DeclDeptCount,
  DeclFormDetail,
  DeclFormRow,
  DeclMyRow,
  DeclStats,
  DeclTaskDetail,
  DeclTaskRow,
} from '@crm/shared';

const json = { json: true } as const;
const P = '/api/declaration';
export type Paged = { page: number; limit: number; search: string };

export const declApi = {
  mine: (p: { page: number; limit: number }) => call(`${P}/queryMyDeclarationForm`, p, json),
  task: (taskId: number) => call('/task/queryTaskById', { taskId }, { method: 'GET' }),
  submit: (taskId: number, values: Record<string, unknown>) => call(`${P}/submitForm`, { taskId, values }, json),
  revoke: (taskId: number) => call(`${P}/appletRevoke`, { taskId }, json),

  tasks: (p: Paged) => call(`${P}/queryTaskList`, p, json),
  saveTask: (body: Input<'/api/declaration/saveTask'>) => call(`${P}/saveTask`, body, json),
  remove: (taskId: number) => call(`${P}/removeById`, { taskId }, json),

  waiting: (p: Paged) => call(`${P}/queryWaitAuditFormTaskList`, p, json),
  forms: (taskId: number, p: Paged & { status?: number; deptId?: number }) =>
    call(`${P}/webPageQueryForm`, { ...p, taskId }, json),
  form: (submissionId: number) => call(`${P}/queryFormById`, { submissionId }, json),
  audit: (submissionId: number, status: number, reason: string) =>
    call(`${P}/auditForm`, { submissionId, status, reason }, json),
  updateCell: (submissionId: number, fieldName: string, value: unknown) =>
    call(`${P}/updateCell`, { submissionId, fieldName, value }, json),
  stats: (taskId: number) => call(`${P}/statistical`, { taskId }, json),
  assignees: (taskId: number) => call(`${P}/taskCreateUserByTaskId`, { taskId }, json),
  exportForms: (taskId: number, title: string, filter: { status?: number; deptId?: number }) =>
    downloadWorkbook(`${P}/webPageQueryFormExport`, { taskId, ...filter }, `${title}_填报.xlsx`),
};

export const declKeys = {
  all: ['declaration'] as const,
  mine: (p: object) => ['declaration', 'mine', p] as const,
  task: (taskId: number) => ['declaration', 'task', taskId] as const,
  tasks: (p: object) => ['declaration', 'tasks', p] as const,
  waiting: (p: object) => ['declaration', 'waiting', p] as const,
  forms: (taskId: number, p: object) => ['declaration', 'forms', taskId, p] as const,
  form: (submissionId: number) => ['declaration', 'form', submissionId] as const,
  stats: (taskId: number) => ['declaration', 'stats', taskId] as const,
  assignees: (taskId: number) => ['declaration', 'assignees', taskId] as const,
};
