/** The Chinese messages of meal orders (/workbench/eat, issue 25). */
export const MealMsg = {
  storeRequired: '请选择门店',
  storeMissing: '门店不存在或未开通预约',
  dayInvalid: '请选择正确的日期',
  monthInvalid: '请选择正确的月份（格式：yyyy-MM）',
  mealInvalid: '请选择午餐或晚餐',
  userInvalid: '请选择订餐人',
  userMissing: '订餐人不存在或已停用',
  cutoffInvalid: '截止时间格式不正确（格式：HH:mm）',
  dishRequired: '菜品不能为空',
  tooManyDishes: '每餐最多{max}道菜',
  tooManySlots: '一周最多14餐（7天 × 午餐、晚餐）',
  slotRepeated: '{day}{meal}重复',
  slotOutsideWeek: '{day}不在本周内',
  priceInvalid: '请输入正确的价格（最多两位小数）',
  slotHasOrders: '{day}{meal}已有{n}人订餐，不能取消供应',
  noMenu: '{day}{store}没有供应{meal}',
  cutoffPassed: '已过订餐截止时间（{time}），不能再订或取消',
  orderedElsewhere: '{name}已在{store}订了{day}{meal}，请先取消',
  noOrder: '没有该餐的订餐记录',
  othersForbidden: '只有食堂管理员可以为他人订餐或取消',
  userOutOfScope: '无权为该员工订餐',
} as const;

/** `{name}` placeholders filled in. */
export const mealMsg = (text: string, vars: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
