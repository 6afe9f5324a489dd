/**
 * Server messages shown to people. Spec messages are kept word for word; the rest are written in
 * the same plain style. English versions live in the web i18n layer for UI text only: the server
 * answers in Chinese, as the spec requires.
 */
export const Msg = {
  notLoggedIn: '请先登录！',
  forbidden: '无权访问',
  notFoundPath: '请求的接口不存在',
  serverError: '服务器开小差了，请稍后再试',
  invalidRequest: '请求参数有误',
  loginFailed: '用户名或密码错误',
  accountDisabled: '账号已被禁用，请联系管理员',
  accountLocked: '密码错误次数过多，账号已锁定，请5分钟后再试',
  userInfoFailed: '获取用户信息失败',
  usernameTaken: '用户名已存在',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  passwordRule: '密码须为6-20位，且同时包含字母和数字',
  oldPasswordWrong: '原密码错误',
  realnameRequired: '请输入姓名',
  mobileInvalid: '手机格式有误',
  emailInvalid: '邮箱格式有误',
  deptRequired: '请选择部门',
  deptNameRequired: '请输入部门名称',
  deptNotFound: '部门不存在',
  deptHasChildren: '该部门下有子部门，不能删除',
  deptHasUsers: '该部门下有员工，不能删除',
  deptCycle: '上级部门不能是本部门或其下级部门',
  userNotFound: '员工不存在',
  parentCycle: '直属上级不能是本人或其下属',
  cannotDisableSelf: '不能禁用自己的账号',
  superAdminProtected: '超级管理员账号不能被禁用或删除',
  roleNotFound: '角色不存在',
  roleNameRequired: '请输入角色名称',
  roleNameTaken: '角色名称已存在',
  roleProtected: '系统内置的超级管理员角色不能修改或删除',
  roleInUse: '该角色下还有员工，请先解除关联',
  unknownPermission: '权限项不存在',
  fileRequired: '请选择要上传的文件',
  fileTooLarge: '文件大小不能超过{size}MB',
  fileTypeRejected: '不支持上传该类型的文件',
  fileNotImage: '只能上传图片文件',
  fileNotFound: '文件不存在',
  fileNameRequired: '请输入文件名',
  // UI messages of the spec (web side)
  logoutConfirm: '退出登录？',
  firstImage: '已经是第一张了!',
  lastImage: '已经是最后一张了!',
  noData: '没有找到数据',
  appTitle: '客户管理系统',
  opSuccess: '操作成功',
  opCancelled: '已取消操作',
  deleteFileConfirm: '您确定要删除该文件吗?',
  saveSuccess: '保存成功',
  addSuccess: '添加成功',
  editSuccess: '编辑成功',
  deleteSuccess: '删除成功',
  updateSuccess: '修改成功',
} as const;

/** Fill `{name}` placeholders of a message. */
export function fillMsg(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}
