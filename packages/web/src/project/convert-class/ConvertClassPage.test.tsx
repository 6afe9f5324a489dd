import { buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import ConvertClassPage from './ConvertClassPage';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const classes = [
  {
    convertClassId: 1,
    name: '光电疗程互转',
    remark: '光电类疗程互转',
    projects: [
      { projectId: 11, name: '光子嫩肤', enabled: true },
      { projectId: 12, name: '皮秒祛斑', enabled: false },
    ],
  },
];
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

function open(permissions: string[]) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({
    '/api/projectConvertClass/queryList': classes,
    '/api/project/queryList': { list: [], totalRow: 0, page: 1, limit: 50 },
    '/api/projectConvertClass/save': { convertClassId: 1 },
  });
  renderWithApp(<ConvertClassPage />, { permissions });
  return calls;
}

describe('配置 › 转换类别', { timeout: 60_000 }, () => {
  it('lists the classes with their projects and renames one, keeping its projects', async () => {
    const calls = open(['project:convertClass:read', 'project:convertClass:update']);
    expect(await screen.findByText('光电疗程互转')).toBeTruthy();
    expect(screen.getByText('皮秒祛斑')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('类别名称'), { target: { value: '光电互转' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(calls, '/api/projectConvertClass/save')).toHaveLength(1));
    const body = sent(calls, '/api/projectConvertClass/save')[0]!;
    expect(body).toMatchObject({ name: '光电互转', remark: '光电类疗程互转' });
    expect(String(body.convertClassId)).toBe('1');
    expect(JSON.stringify(body.projectIds)).toContain('12');
  });

  it('offers no editing to a reader', async () => {
    open(['project:convertClass:read']);
    expect(await screen.findByText('光电疗程互转')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新建转换类别/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
