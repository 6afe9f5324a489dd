export * from './pay-methods.ts';

/**
 * Applications (issue 25, /manager/application): whole areas the company switches on or off. An
 * area is named by the permission prefixes of its keys (a route whose every access key is under
 * them belongs to it) and, for areas whose calls need only a sign-in (chat), by its API addresses.
 * A feature joins by adding one entry here; its default is on.
 */
export type ApplicationDef = {
  key: string;
  title: string;
  titleEn: string;
  /** Permission key prefixes, colon form (`oa:meal`): the keys leave the auth object when off. */
  permissions: string[];
  /** API address prefixes of calls that carry no permission of the area (login-only calls). */
  urls?: string[];
};

export const applications: ApplicationDef[] = [
  { key: 'workflow', title: '流程', titleEn: 'Workflow', permissions: ['oa:workflow'] },
  { key: 'project', title: '项目配置', titleEn: 'Configuration', permissions: ['project'] },
  { key: 'bi', title: '数据统计', titleEn: 'Statistics', permissions: ['bi'] },
  {
    key: 'chat',
    title: '聊天',
    titleEn: 'Chat',
    permissions: [],
    urls: [
      '/api/message/',
      '/api/chatgroup/',
      '/system/user/deptBookAppPlus',
      '/system/user/queryUserIMDetailByUserId',
      '/system/user/queryMassUserList',
    ],
  },
  { key: 'meals', title: '订餐', titleEn: 'Meal orders', permissions: ['oa:meal'] },
  { key: 'quizzes', title: '考试', titleEn: 'Quizzes', permissions: ['oa:quiz'] },
  // Declaration forms (issue 25, h-decl).
  { key: 'declarations', title: '填报', titleEn: 'Declarations', permissions: ['oa:declaration'] },
  { key: 'supervision', title: '督导', titleEn: 'Supervision', permissions: ['oa:check'] },
  {
    key: 'signIn',
    title: '签到',
    titleEn: 'Sign-in',
    permissions: ['oa:signIn', 'project:SignInRules'],
    // Every member of staff makes their own link; the phone page's calls carry the link, not a permission.
    urls: ['/OaSignIn/myLink', '/OaSignIn/h5/'],
  },
  {
    key: 'reviews',
    title: '顾客评价',
    titleEn: 'Customer reviews',
    permissions: ['oa:evaluate'],
    urls: ['/evaluate/open/'],
  },
  {
    key: 'lottery',
    title: '抽奖',
    titleEn: 'Lottery',
    permissions: ['project:lotteryActivityConfiguration'],
    urls: ['/open/lottery/'],
  },
  // The call centre (issue 25, h-call): its provider's callback carries no permission.
  { key: 'callCentre', title: '呼叫中心', titleEn: 'Call centre', permissions: ['crm:call'], urls: ['/moor/'] },
];

export type ApplicationKey = string;
export const applicationKeys = applications.map((a) => a.key);
export const isApplicationKey = (key: string): boolean => applicationKeys.includes(key);

/** The refusal of a call of a switched-off application. */
export const APPLICATION_OFF_MSG = '该应用已停用，请联系管理员';
/** The admin-only leaf that switches applications. */
export const APPLICATION_MANAGE = 'manage:application:update';
/**
 * The auth object's node naming the switched-off applications (`auth.appOff.chat`), for the web's
 * entries that need only a sign-in; an auth object without it has every application on.
 */
export const APP_OFF_NODE = 'appOff';

const under = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}:`);

/**
 * The applications a permission key belongs to: every one whose prefix holds it (a lottery key is
 * in 抽奖 and in 项目配置, so switching either off takes it away).
 */
export function applicationsOfKey(key: string): string[] {
  return applications.filter((a) => a.permissions.some((p) => under(key, p))).map((a) => a.key);
}

/** The application an API address belongs to by its address alone, if any. */
export function applicationOfUrl(url: string): string | undefined {
  return applications.find((a) => a.urls?.some((u) => (u.endsWith('/') ? url.startsWith(u) : url === u)))?.key;
}

/**
 * The applications a route belongs to (it is refused when any is off): by its address, else those
 * holding every key of its access (a route that also admits a key of another area stays open with
 * that area).
 */
export function applicationsOfRoute(url: string, accessKeys: string[]): string[] {
  const byUrl = applicationOfUrl(url);
  if (byUrl) return [byUrl];
  if (accessKeys.length === 0) return [];
  const [first, ...rest] = accessKeys.map(applicationsOfKey);
  return (first ?? []).filter((app) => rest.every((apps) => apps.includes(app)));
}

/** The permission keys that remain when the given applications are off. */
export function keysInUse(keys: Iterable<string>, off: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const k of keys) if (!applicationsOfKey(k).some((app) => off.has(app))) out.push(k);
  return out;
}
