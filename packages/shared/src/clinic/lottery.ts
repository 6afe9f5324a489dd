import { z } from 'zod';
import { apiTime, noData, pageOf } from '../contracts/common.ts';
import { openLinkAdminContracts } from '../open-links/index.ts';
import {
  boolish,
  idField,
  intEnum,
  intField,
  optionalDay,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from '../schemas/fields.ts';
import { timeInput } from '../time/field.ts';

/**
 * Lottery activities (抽奖活动, issue 25; docs/clinic-lottery.md): a wheel (大转盘) or a nine-grid
 * (九宫格) with a period, draws per customer and up to eight prizes (a coupon of a rule, a gift the
 * front desk hands out, sessions of a project, or 谢谢参与) with stock and weights. Customers draw on
 * an open page through a link staff made for them; the server draws.
 */
export const LotteryMsg = {
  activityMissing: '抽奖活动不存在',
  nameRequired: '请填写活动名称',
  styleInvalid: '请选择活动样式',
  startInvalid: '请填写正确的开始时间',
  endInvalid: '请填写正确的结束时间',
  endBeforeStart: '结束时间须晚于开始时间',
  drawsTotalInvalid: '每人总抽奖次数须为1到1000次',
  drawsPerDayInvalid: '每人每天抽奖次数须为1到100次',
  perDayAboveTotal: '每天抽奖次数不能多于总次数',
  prizesRequired: '请至少设置一个奖品',
  tooManyPrizes: '奖品最多8个',
  prizeNameRequired: '请填写奖品名称',
  prizeKindInvalid: '请选择奖品类型',
  weightInvalid: '中奖权重须为0到1000000的整数',
  weightsZero: '奖品的中奖权重合计须大于0',
  stockInvalid: '库存须为0到1000000的整数',
  stockRequired: '请填写奖品库存',
  couponRuleRequired: '请选择优惠券规则',
  couponRuleMissing: '优惠券规则不存在或已停用',
  giftRequired: '请填写赠品内容',
  projectRequired: '请选择赠送的项目',
  projectMissing: '项目不存在或已停用',
  sessionsInvalid: '赠送次数须为1到100次',
  prizeHasDraws: '奖品已有中奖记录，不能删除：{name}',
  prizeMissing: '奖品不存在',
  styleLocked: '活动已有抽奖记录，不能修改样式',
  customerMissing: '顾客不存在',
  wrongStyle: '该活动不是此样式，不能生成此类链接',
  notStarted: '活动尚未开始',
  ended: '活动已结束',
  disabled: '活动已停用',
  noDrawsLeft: '您的抽奖次数已用完',
  noDrawsToday: '今天的抽奖次数已用完，明天再来吧',
  soldOut: '奖品已抽完，感谢参与',
  drawMissing: '中奖记录不存在',
  notAGift: '该奖品不是赠品，无需领取',
  handedAlready: '赠品已领取',
  giftStatusInvalid: '请选择正确的领取状态',
} as const;

/** 1 大转盘 (the wheel), 2 九宫格 (the nine-grid). */
export const LotteryStyle = { wheel: 1, grid: 2 } as const;
export const lotteryStyleNames: Record<number, string> = { 1: '大转盘', 2: '九宫格' };
/** The open-link purpose of each style. */
export const lotteryPurposeOf = (style: number) => (style === LotteryStyle.grid ? 'luckyGrid' : 'lottery');

/** 0 谢谢参与, 1 优惠券, 2 赠品, 3 项目次数. */
export const PrizeKind = { nothing: 0, coupon: 1, gift: 2, sessions: 3 } as const;
export const prizeKindNames: Record<number, string> = { 0: '谢谢参与', 1: '优惠券', 2: '赠品', 3: '项目次数' };

/** A gift's hand-out: 0 not a gift, 1 待领取, 2 已领取. */
export const GiftStatus = { none: 0, waiting: 1, handed: 2 } as const;
export const giftStatusNames: Record<number, string> = { 0: '', 1: '待领取', 2: '已领取' };

export const MAX_PRIZES = 8;

const weight = intField(LotteryMsg.weightInvalid, { min: 0, max: 1_000_000 });
const stock = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  intField(LotteryMsg.stockInvalid, { min: 0, max: 1_000_000 }).nullable(),
);

export const lotteryPrizeInputSchema = z
  .object({
    prizeId: optionalId(LotteryMsg.prizeMissing),
    name: requiredText({ label: '奖品名称', max: 30 }, LotteryMsg.prizeNameRequired),
    kind: intEnum(Object.values(PrizeKind), LotteryMsg.prizeKindInvalid),
    couponRuleId: optionalId(LotteryMsg.couponRuleRequired),
    gift: optionalText({ label: '赠品内容', max: 100 }),
    projectId: optionalId(LotteryMsg.projectRequired),
    sessions: intField(LotteryMsg.sessionsInvalid, { min: 1, max: 100 }).default(1),
    /** Null only for 谢谢参与 (never runs out). */
    stock,
    weight,
  })
  .superRefine((p, ctx) => {
    const need = (ok: boolean, message: string, path: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', message, path: [path] });
    };
    if (p.kind !== PrizeKind.nothing) need(p.stock !== null, LotteryMsg.stockRequired, 'stock');
    if (p.kind === PrizeKind.coupon) need(p.couponRuleId !== undefined, LotteryMsg.couponRuleRequired, 'couponRuleId');
    if (p.kind === PrizeKind.gift) need(p.gift !== '', LotteryMsg.giftRequired, 'gift');
    if (p.kind === PrizeKind.sessions) need(p.projectId !== undefined, LotteryMsg.projectRequired, 'projectId');
  });
export type LotteryPrizeInput = z.infer<typeof lotteryPrizeInputSchema>;

export const lotterySaveSchema = z
  .object({
    activityId: optionalId(LotteryMsg.activityMissing),
    name: requiredText({ label: '活动名称', max: 50 }, LotteryMsg.nameRequired),
    style: intEnum(Object.values(LotteryStyle), LotteryMsg.styleInvalid),
    startTime: timeInput(LotteryMsg.startInvalid),
    endTime: timeInput(LotteryMsg.endInvalid),
    drawsTotal: intField(LotteryMsg.drawsTotalInvalid, { min: 1, max: 1000 }),
    drawsPerDay: intField(LotteryMsg.drawsPerDayInvalid, { min: 1, max: 100 }),
    enabled: boolish.default(true),
    remark: optionalText({ label: '活动说明', max: 500, multiline: true }),
    prizes: z
      .array(lotteryPrizeInputSchema, { error: LotteryMsg.prizesRequired })
      .min(1, { error: LotteryMsg.prizesRequired })
      .max(MAX_PRIZES, { error: LotteryMsg.tooManyPrizes }),
  })
  .superRefine((a, ctx) => {
    if (a.endTime.getTime() <= a.startTime.getTime())
      ctx.addIssue({ code: 'custom', message: LotteryMsg.endBeforeStart, path: ['endTime'] });
    if (a.drawsPerDay > a.drawsTotal)
      ctx.addIssue({ code: 'custom', message: LotteryMsg.perDayAboveTotal, path: ['drawsPerDay'] });
    if (a.prizes.reduce((s, p) => s + p.weight, 0) <= 0)
      ctx.addIssue({ code: 'custom', message: LotteryMsg.weightsZero, path: ['prizes'] });
  });
export type LotterySaveInput = z.infer<typeof lotterySaveSchema>;

export const lotteryIdSchema = z.object({ activityId: idField(LotteryMsg.activityMissing) });
export const lotteryListSchema = z.object({ ...pageFields, search: searchField });
export const lotteryPickSchema = z.object({ search: searchField });
export const lotteryDrawListSchema = z.object({
  ...pageFields,
  activityId: optionalId(LotteryMsg.activityMissing),
  customerId: optionalId(LotteryMsg.customerMissing),
  kind: intEnum([-1, ...Object.values(PrizeKind)], LotteryMsg.prizeKindInvalid, -1),
  giftStatus: intEnum([-1, ...Object.values(GiftStatus)], LotteryMsg.giftStatusInvalid, -1),
  from: optionalDay('开始日期格式不正确'),
  to: optionalDay('结束日期格式不正确'),
  search: searchField,
});
export type LotteryDrawListInput = z.infer<typeof lotteryDrawListSchema>;
export const lotteryHandOutSchema = z.object({ drawId: idField(LotteryMsg.drawMissing) });
/** The longest a draw link lives, in days (an activity's period rarely exceeds a season). */
export const lotteryLinkMaxDays = 90;
/** The customer a staff link is for (the admin create call's own field). */
export const lotteryLinkExtra = z.object({
  activityId: idField(LotteryMsg.activityMissing),
  customerId: idField(LotteryMsg.customerMissing),
});

const prizeRow = z.object({
  prizeId: z.number().int(),
  name: z.string(),
  kind: z.number().int(),
  couponRuleId: z.number().int().nullable(),
  gift: z.string(),
  projectId: z.number().int().nullable(),
  sessions: z.number().int(),
  stock: z.number().int().nullable(),
  weight: z.number().int(),
  /** How many were won. */
  won: z.number().int(),
});
export type LotteryPrizeRow = z.infer<typeof prizeRow>;

export const lotteryActivitySchema = z.object({
  activityId: z.number().int(),
  name: z.string(),
  style: z.number().int(),
  startTime: apiTime,
  endTime: apiTime,
  drawsTotal: z.number().int(),
  drawsPerDay: z.number().int(),
  enabled: z.boolean(),
  remark: z.string(),
  draws: z.number().int(),
  prizes: z.array(prizeRow),
  createTime: apiTime,
});
export type LotteryActivity = z.infer<typeof lotteryActivitySchema>;

export const lotteryDrawRowSchema = z.object({
  drawId: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  prizeName: z.string(),
  kind: z.number().int(),
  couponCode: z.string().nullable(),
  dealId: z.number().int().nullable(),
  giftStatus: z.number().int(),
  handedBy: z.string().nullable(),
  handedTime: apiTime.nullable(),
  createTime: apiTime,
});
export type LotteryDrawRow = z.infer<typeof lotteryDrawRowSchema>;

/** What the open page shows: no weights, no stock, the customer by a masked name. */
export const lotteryOpenInfoSchema = z.object({
  name: z.string(),
  style: z.number().int(),
  remark: z.string(),
  startTime: apiTime,
  endTime: apiTime,
  drawsTotal: z.number().int(),
  drawsPerDay: z.number().int(),
  customerName: z.string(),
  remaining: z.number().int(),
  prizes: z.array(z.object({ index: z.number().int(), name: z.string(), kind: z.number().int() })),
  mine: z.array(
    z.object({
      drawId: z.number().int(),
      prizeName: z.string(),
      kind: z.number().int(),
      detail: z.string(),
      time: apiTime,
    }),
  ),
});
export type LotteryOpenInfo = z.infer<typeof lotteryOpenInfoSchema>;

export const lotteryDrawnSchema = z.object({
  drawId: z.number().int(),
  /** The prize's place on the wheel or grid (0-based): the animation lands on it. */
  index: z.number().int(),
  prizeName: z.string(),
  kind: z.number().int(),
  /** 优惠券 code, 赠品 to collect at the front desk, sessions added. */
  detail: z.string(),
  remaining: z.number().int(),
});
export type LotteryDrawn = z.infer<typeof lotteryDrawnSchema>;

/** A customer's masked name on an open page: 陈雨桐 → 陈**. */
export const maskName = (name: string) =>
  name.length <= 1 ? name : name[0] + '*'.repeat(Math.min(name.length - 1, 3));

/** The place a prize of index `i` takes among the grid's 8 outer cells (clockwise from top left). */
export const GRID_CELLS = 8;

export const lotteryContracts = {
  '/project/lottery/list': pageOf(lotteryActivitySchema),
  '/project/lottery/info': lotteryActivitySchema,
  '/project/lottery/save': z.object({ activityId: z.number().int() }),
  '/project/lottery/delete': noData,
  '/project/lottery/couponRules': z.array(z.object({ ruleId: z.number().int(), name: z.string(), value: z.number() })),
  '/project/lottery/projects': z.array(z.object({ projectId: z.number().int(), name: z.string() })),
  '/project/lottery/draws': pageOf(lotteryDrawRowSchema),
  '/project/lottery/handOut': noData,
  ...openLinkAdminContracts('/project/lottery/wheelLink'),
  ...openLinkAdminContracts('/project/lottery/gridLink'),
  '/open/lottery/wheel/info': lotteryOpenInfoSchema,
  '/open/lottery/wheel/draw': lotteryDrawnSchema,
  '/open/lottery/grid/info': lotteryOpenInfoSchema,
  '/open/lottery/grid/draw': lotteryDrawnSchema,
} as const;
