import { type Answer, buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import CataloguePage from './CataloguePage';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const all = ['read', 'save', 'update', 'delete', 'status', 'excelimport', 'excelexport'].map(
  (a) => `project:index:${a}`,
);
const tree = [
  {
    classId: 1,
    name: '注射美容',
    pid: null,
    sort: 0,
    enabled: true,
    projectCount: 0,
    children: [{ classId: 2, name: '玻尿酸', pid: 1, sort: 0, enabled: true, projectCount: 1, children: [] }],
  },
  { classId: 3, name: '光电美肤', pid: null, sort: 1, enabled: true, projectCount: 1, children: [] },
];
type CatalogueProject = Answer<'/api/project/queryList'>['list'][number];
const project = (
  projectId: number,
  name: string,
  classId: number,
  extra: Partial<CatalogueProject> = {},
): CatalogueProject => ({
  projectId,
  classId,
  className: classId === 2 ? '玻尿酸' : '光电美肤',
  name,
  code: `XM0000${projectId}`,
  pinyin: '',
  unit: '次',
  price: 680000,
  salesPrice: 580000,
  minPrice: 480000,
  cost: 180000,
  sessions: 1,
  validityMonths: 12,
  needsVerify: true,
  settleDeptId: null,
  settleDeptName: '',
  verifyDeptId: null,
  verifyDeptName: '',
  countsAsDeal: true,
  earnsPerformance: true,
  earnsPoints: true,
  convertClassId: null,
  convertClassName: '',
  partIds: [],
  partNames: ['鼻部'],
  remark: '',
  enabled: true,
  sort: 0,
  createTime: '2026-11-01 10:00:00',
  updateTime: '2026-11-01 10:00:00',
  ...extra,
});
const rows: [CatalogueProject, CatalogueProject] = [
  project(11, '瑞蓝玻尿酸填充', 2),
  project(12, '热玛吉', 3, { price: 1980000, salesPrice: 1680000, enabled: false }),
];
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
/** A node of the class tree (the table shows class names too). */
const treeNode = (name: string) =>
  [...document.querySelectorAll('.ant-tree-node-content-wrapper')].find((n) => n.textContent?.startsWith(name))!;
const button = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;

function open(permissions = all) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({
    '/api/projectClass/queryTree': tree,
    '/api/projectPart/queryTree': [{ partId: 1, name: '面部', pid: null, sort: 0, children: [] }],
    '/api/projectConvertClass/queryList': [],
    '/api/project/queryDeptOptions': [{ deptId: 5, name: '皮肤科' }],
    '/api/project/queryList': (b) => {
      const list = b.search === 'rmj' ? [rows[1]] : String(b.classId ?? '') === '2' ? [rows[0]] : rows;
      return { list, totalRow: list.length, page: 1, limit: 15 };
    },
    '/api/project/save': { projectId: 13 },
  });
  renderWithApp(<CataloguePage />, { permissions });
  return calls;
}

describe('配置 › 项目', { timeout: 60_000 }, () => {
  it('shows the class tree and the projects with yuan prices and status; filters by class and pinyin', async () => {
    const calls = open();
    expect(await screen.findByText('瑞蓝玻尿酸填充')).toBeTruthy();
    expect(screen.getByText('6800.00')).toBeTruthy();
    expect(screen.getByText('16800.00')).toBeTruthy();
    expect(screen.getByText('停用')).toBeTruthy();
    fireEvent.click(treeNode('玻尿酸'));
    await waitFor(() => expect(screen.queryByText('热玛吉')).toBeNull());
    expect(sent(calls, '/api/project/queryList').some((b) => String(b.classId) === '2')).toBe(true);
    fireEvent.click(screen.getByText('全部分类'));
    const search = screen.getByPlaceholderText('项目名称、编码或拼音首字母');
    fireEvent.change(search, { target: { value: 'rmj' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('瑞蓝玻尿酸填充')).toBeNull());
    expect(screen.getByText('热玛吉')).toBeTruthy();
  });

  it('checks the price rules with the shared schema before saving, then saves money as typed yuan', async () => {
    const calls = open();
    await screen.findByText('热玛吉');
    // The chosen class is the new project's class.
    fireEvent.click(treeNode('玻尿酸'));
    await waitFor(() => expect(screen.queryByText('热玛吉')).toBeNull());
    fireEvent.click(button(/新建项目/));
    const drawer = await screen.findByRole('dialog');
    const field = (label: string) => within(drawer).getByLabelText(label);
    fireEvent.change(field('项目名称'), { target: { value: '超皮秒' } });
    fireEvent.change(field('原价'), { target: { value: '3980' } });
    fireEvent.change(field('执行价'), { target: { value: '4000' } });
    fireEvent.click(
      within(drawer)
        .getByText(/保\s*存/)
        .closest('button')!,
    );
    expect(await within(drawer).findByText('执行价不能高于原价')).toBeTruthy();
    expect(sent(calls, '/api/project/save')).toHaveLength(0);
    fireEvent.change(field('执行价'), { target: { value: '2980.5' } });
    fireEvent.click(
      within(drawer)
        .getByText(/保\s*存/)
        .closest('button')!,
    );
    await waitFor(() => expect(sent(calls, '/api/project/save')).toHaveLength(1));
    const body = sent(calls, '/api/project/save')[0]!;
    expect(body).toMatchObject({ name: '超皮秒', price: '3980', salesPrice: '2980.5' });
    expect(String(body.classId)).toBe('2');
    expect(String(body.batchId)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows no edit, delete, import or create buttons to a reader', async () => {
    open(['project:index:read']);
    await screen.findByText('瑞蓝玻尿酸填充');
    expect(screen.queryByText('新建项目')).toBeNull();
    expect(screen.queryByText('导入')).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByLabelText('删除 玻尿酸')).toBeNull();
  });
});
