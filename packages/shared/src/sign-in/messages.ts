/** The Chinese messages of staff sign-in (/project/SignInRules, /workbench/signQuery, /signH5; issue 25). */
export const SignInMsg = {
  deptRequired: '请选择部门',
  deptMissing: '部门不存在',
  ruleMissing: '签到规则不存在',
  clockInvalid: '时间格式不正确（格式：HH:mm）',
  endBeforeStart: '下班时间须晚于上班时间',
  minutesInvalid: '分钟数须为0到240的整数',
  placeNameRequired: '请输入地点名称',
  latInvalid: '纬度须在-90到90之间',
  lngInvalid: '经度须在-180到180之间',
  radiusInvalid: '范围须为10到5000米',
  tooManyPlaces: '最多设置20个签到地点',
  placeOrFieldRequired: '请至少设置一个签到地点，或允许外勤签到',
  workdaysRequired: '请至少选择一个工作日',
  workdayInvalid: '工作日须为周一到周日',
  kindInvalid: '请选择上班签到或下班签到',
  noRule: '你所在的部门还没有签到规则，请联系管理员',
  notWorkday: '今天不是工作日，无需签到',
  outOfRange: '不在签到范围内（距最近的{place}{metres}米），不能签到',
  fieldNoteRequired: '不在签到范围内，外勤签到请填写说明',
  noteTooLong: '说明不能超过100个字符',
  userGone: '账号已停用，不能签到',
  monthInvalid: '请选择正确的月份（格式：yyyy-MM）',
  userInvalid: '请选择员工',
} as const;

/** `{name}` placeholders filled in. */
export const signInMsg = (text: string, vars: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
