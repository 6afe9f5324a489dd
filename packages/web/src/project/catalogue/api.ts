import type { Input, ProjectListInput } from '@crm/shared';
import { call } from '@/shell/call';

/** 配置 › 项目, 部位, 转换类别 (docs/api.md "Clinic: project catalogue"). Money in answers is fen. */

export type ProjectListBody = Partial<ProjectListInput>;
export type ClassBody = Input<'/api/projectClass/save'>;
export type PartBody = Input<'/api/projectPart/save'>;
export type ConvertBody = Input<'/api/projectConvertClass/save'>;

export const catalogueApi = {
  classTree: () => call('/api/projectClass/queryTree'),
  saveClass: (body: ClassBody) => call('/api/projectClass/save', body),
  deleteClass: (id: number) => call('/api/projectClass/delete', { id }),
  sortClasses: (pid: number | null, ids: number[]) => call('/api/projectClass/sort', { pid, ids }),
  projects: (body: ProjectListBody) => call('/api/project/queryList', body),
  project: (id: number) => call('/api/project/queryById', { id }),
  saveProject: (body: Record<string, unknown>) => call('/api/project/save', body),
  deleteProjects: (ids: number[]) => call('/api/project/delete', { ids }),
  setEnabled: (ids: number[], enabled: boolean) => call('/api/project/updateStatus', { ids, enabled }),
  depts: () => call('/api/project/queryDeptOptions'),
  partTree: () => call('/api/projectPart/queryTree'),
  savePart: (body: PartBody) => call('/api/projectPart/save', body),
  deletePart: (id: number) => call('/api/projectPart/delete', { id }),
  convertClasses: () => call('/api/projectConvertClass/queryList'),
  saveConvertClass: (body: ConvertBody) => call('/api/projectConvertClass/save', body),
  deleteConvertClass: (id: number) => call('/api/projectConvertClass/delete', { id }),
};

export const catalogueKeys = {
  all: ['project', 'catalogue'] as const,
  classes: ['project', 'catalogue', 'classes'] as const,
  projects: (body: ProjectListBody) => ['project', 'catalogue', 'projects', body] as const,
  parts: ['project', 'catalogue', 'parts'] as const,
  depts: ['project', 'catalogue', 'depts'] as const,
  convert: ['project', 'catalogue', 'convert'] as const,
};

/** The Excel calls' kind: names, and the permission prefix of 导入 / 导出. */
export const projectExcelKind = { name: '项目', nameEn: 'Projects', permission: 'project:index' };
