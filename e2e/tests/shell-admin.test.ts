import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, toast } from '../support/ui.ts';

// The foundation issue, as a user does it: the shell (login, areas, user menu, the 302 dialog) and the
// admin backend (roles, departments, employees) with the permissions that follow from them.
// The wrong-password message is covered by smoke.test.ts.
//
// The tests share one server and one browser and run in order: the restricted employee of the
// fourth test is the one the second creates.

const e2e = useE2E();

const DEMO_PASSWORD = '123456a';
const ROLE = 'E2E办公角色';
const DEPT = '测试部';
const USER = { username: 'e2euser', password: 'abc12345', realname: '测试员工' };

/** antd puts a space between the two characters of a two-character Chinese button label: "保 存". */

const topNav = (page: Page): Locator => page.locator('.crm-topnav');
const sideMenu = (page: Page): Locator => page.locator('.crm-sidemenu');
const pathname = (page: Page): string => new URL(page.url()).pathname;

/** A signed-out browser on the login page (the server session, if any, is left as it is). */
async function signedOut(page: Page): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.locator('input[type="password"]').waitFor({ state: 'visible' });
}

/** Log in from a signed-out browser and wait for the signed-in shell on `landing`. */
async function loginAs(page: Page, username: string, password: string, landing = '/workbench/index'): Promise<void> {
  await signedOut(page);
  await login(page, username, password);
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe(landing);
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
}

/** The newest antd message toast with this text (an earlier one may still be fading out). */

describe('shell and administration', () => {
  it('admin walks the workbench and every page of the admin backend', async () => {
    const { page } = e2e;
    await loginAs(page, 'admin', DEMO_PASSWORD);

    // Top navigation: both areas, the workbench open.
    await topNav(page).getByRole('menuitem', { name: '工作台' }).waitFor({ state: 'visible' });
    await page.getByText('办公待办', { exact: true }).waitFor({ state: 'visible' });

    await topNav(page).getByRole('menuitem', { name: '系统管理' }).click();
    await expect.poll(() => pathname(page)).toBe('/manager/systemconfig');
    await page.locator('.ant-card-head-title').getByText('企业首页', { exact: true }).waitFor({ state: 'visible' });

    const pages: [string, string][] = [
      ['员工与部门管理', '/manager/employee-dep'],
      ['角色权限管理', '/manager/role-auth'],
      ['企业首页', '/manager/systemconfig'],
    ];
    for (const [title, path] of pages) {
      await sideMenu(page).getByRole('menuitem', { name: title }).click();
      await expect.poll(() => pathname(page)).toBe(path);
      await page.locator('.ant-card-head-title').getByText(title, { exact: true }).waitFor({ state: 'visible' });
    }
    // The employee page lists the demo employees; the role page the seeded roles.
    await sideMenu(page).getByRole('menuitem', { name: '员工与部门管理' }).click();
    await page.locator('.ant-table-tbody tr').filter({ hasText: 'sunli' }).filter({ hasText: '孙丽' }).waitFor();
    await sideMenu(page).getByRole('menuitem', { name: '角色权限管理' }).click();
    await page.locator('.manager-role-item').filter({ hasText: '人事管理员' }).waitFor({ state: 'visible' });

    // And back to the workbench from the top navigation.
    await topNav(page).getByRole('menuitem', { name: '工作台' }).click();
    await expect.poll(() => pathname(page)).toBe('/workbench/index');
    await page.getByText('办公待办', { exact: true }).waitFor({ state: 'visible' });
  });

  it('admin creates an office-only role, a department and an employee with that role', async () => {
    const { page } = e2e;
    await loginAs(page, 'admin', DEMO_PASSWORD);
    await topNav(page).getByRole('menuitem', { name: '系统管理' }).click();

    // --- The role, under 办公管理角色, with 发起和处理审批 only.
    await sideMenu(page).getByRole('menuitem', { name: '角色权限管理' }).click();
    const officeGroup = page.locator('.manager-toolbar').filter({ hasText: '办公管理角色' });
    await officeGroup.getByRole('button', { name: '新建角色' }).click();
    const roleModal = page.getByRole('dialog').filter({ hasText: '新建角色' });
    await roleModal.getByLabel('角色名称').fill(ROLE);
    await expect.poll(() => roleModal.locator('.ant-select').first().textContent()).toContain('办公管理角色');
    await roleModal.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await roleModal.waitFor({ state: 'hidden' });

    // The new role is selected; its tree offers office permissions only.
    const main = page.locator('.manager-main');
    await main.locator('h4').getByText(ROLE, { exact: true }).waitFor({ state: 'visible' });
    const tree = main.locator('.perm-tree');
    await tree.getByText('发起和处理审批', { exact: true }).waitFor({ state: 'visible' });
    expect(await tree.getByText('客户管理', { exact: true }).count()).toBe(0);
    expect(await tree.getByText('系统管理', { exact: true }).count()).toBe(0);

    const examineUse = tree.locator('.ant-tree-treenode').filter({ hasText: '发起和处理审批' });
    await examineUse.locator('.ant-tree-checkbox').click();
    await expect
      .poll(() => examineUse.locator('.ant-tree-checkbox').getAttribute('class'))
      .toContain('ant-tree-checkbox-checked');
    await main.getByText('有未保存的修改').waitFor({ state: 'visible' });
    await main.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '保存成功').waitFor({ state: 'visible' });
    await main.getByText('有未保存的修改').waitFor({ state: 'hidden' });

    // --- The department 测试部 under 总经办.
    await sideMenu(page).getByRole('menuitem', { name: '员工与部门管理' }).click();
    const deptTree = page.locator('.manager-side .ant-tree');
    await deptTree.locator('.name').getByText('总经办', { exact: true }).click();
    await page.getByRole('button', { name: '新建部门' }).click();
    const deptModal = page.getByRole('dialog').filter({ hasText: '新建部门' });
    await deptModal.getByLabel('部门名称').fill(DEPT);
    // Opened with 总经办 selected, the parent is 总经办.
    await expect.poll(() => deptModal.locator('.ant-select').first().textContent()).toContain('总经办');
    await deptModal.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await deptModal.waitFor({ state: 'hidden' });
    const newDept = deptTree.locator('.ant-tree-treenode').filter({ hasText: DEPT });
    await newDept.waitFor({ state: 'visible' });
    // One level below 总经办 (antd indents a child node by one unit).
    const indentOf = (name: string) =>
      deptTree
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator('.name').getByText(name, { exact: true }) })
        .locator('.ant-tree-indent-unit')
        .count();
    expect(await indentOf(DEPT)).toBe((await indentOf('总经办')) + 1);

    // --- The employee in 测试部 with that role only.
    await newDept.locator('.name').click();
    await page.getByRole('button', { name: '新建员工' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '新建员工' });
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByLabel('用户名').fill(USER.username);
    await drawer.getByLabel('密码').fill(USER.password);
    await drawer.getByLabel('姓名').fill(USER.realname);
    await expect
      .poll(() => drawer.locator('.ant-form-item').filter({ hasText: '部门' }).first().textContent())
      .toContain(DEPT);
    const roleField = drawer.locator('.ant-form-item').filter({ hasText: '角色' });
    await roleField.locator('.ant-select').click();
    await page.keyboard.type(ROLE);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: ROLE }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => roleField.locator('.ant-select-selection-item').allInnerTexts()).toEqual([ROLE]);
    await drawer.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await drawer.waitFor({ state: 'hidden' });

    const row = page.locator('.ant-table-tbody tr').filter({ hasText: USER.username });
    await row.waitFor({ state: 'visible' });
    const rowText = await row.textContent();
    expect(rowText).toContain(USER.realname);
    expect(rowText).toContain(DEPT);
    expect(rowText).toContain(ROLE);
  });

  it('logout from the user menu asks 退出登录？ and returns to the login page', async () => {
    const { page } = e2e;
    await loginAs(page, 'admin', DEMO_PASSWORD);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '退出登录？' });
    await confirm.waitFor({ state: 'visible' });
    expect(await confirm.locator('.ant-modal-confirm-title').textContent()).toBe('提示');
    await confirm.getByRole('button', { name: label2('确定') }).click();

    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/login');
    await page.locator('input[type="password"]').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
    // The old address needs a session again.
    await page.goto('/manager/employee-dep');
    await expect.poll(() => pathname(page)).toBe('/login');
  });

  it('the new employee sees only the workbench and is refused the admin user list', async () => {
    const { page } = e2e;
    await loginAs(page, USER.username, USER.password);

    // Their own name and department on the workbench; office to-dos, no CRM ones.
    await page.getByText(USER.realname).first().waitFor({ state: 'visible' });
    await page.locator('.wb-greeting').getByText(DEPT).waitFor({ state: 'visible' });
    await page.getByTestId('todo-oa').waitFor({ state: 'visible' });
    expect(await page.getByTestId('todo-crm').count()).toBe(0);

    // Top navigation: 工作台 only — no CRM area, no 系统管理.
    await topNav(page).getByRole('menuitem', { name: '工作台' }).waitFor({ state: 'visible' });
    expect(await topNav(page).getByRole('menuitem', { name: '系统管理' }).count()).toBe(0);
    expect(await topNav(page).getByText(/客户/).count()).toBe(0);
    const navItems = await topNav(page).getByRole('menuitem').allInnerTexts();
    expect(navItems.map((s) => s.trim())).toEqual(['工作台']);

    // No admin backend entry in the user menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('menuitem', { name: '进入企业管理后台' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The server refuses the administrator's user list.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/system/user/queryUserList', {
        method: 'POST',
        headers: { 'Admin-Token': localStorage.getItem('Admin-Token') ?? '', 'Content-Type': 'application/json' },
        body: JSON.stringify({ pageType: 1002 }),
      });
      return (await res.json()) as { code: number; msg: string };
    });
    expect(answer).toMatchObject({ code: 403, msg: '无权访问' });

    // An admin page typed into the address bar is not there for them.
    await page.goto('/manager/employee-dep');
    // A full load: the shell's chunk, the session, then the redirect (slow on a busy machine).
    await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe('/404');
  });

  it('an ended session brings the 302 dialog, and logging in again works', async () => {
    const { page, server } = e2e;
    await loginAs(page, 'sunli', DEMO_PASSWORD);
    await page.getByText('办公待办', { exact: true }).waitFor({ state: 'visible' });

    // A new web login (type 3) of the same user ends the browser's session on the server.
    const res = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'sunli', password: DEMO_PASSWORD, type: 3 }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);

    // The next call (the 5-second keep-alive at the latest) answers 302 and opens the dialog.
    const dialog = page.getByRole('dialog').filter({ hasText: '确定登出' });
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    await dialog.getByText('你已被登出，请重新登录').waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: '重新登录' }).click();

    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/login');
    await page.locator('input[type="password"]').waitFor({ state: 'visible' });
    await login(page, 'sunli', DEMO_PASSWORD);
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/workbench/index');
    await page.getByText('办公待办', { exact: true }).waitFor({ state: 'visible' });
    await page.locator('.crm-user-name').getByText('孙丽').waitFor({ state: 'visible' });
    // The new session is live: the keep-alive call with the page's token answers code 0.
    const ttl = await page.evaluate(async () => {
      const res = await fetch('/achievement/ttl', {
        headers: { 'Admin-Token': localStorage.getItem('Admin-Token') ?? '' },
      });
      return (await res.json()) as { code: number };
    });
    expect(ttl.code).toBe(0);
    expect(await dialog.count()).toBe(0);
  });
});
