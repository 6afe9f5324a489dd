/**
 * RFM segments of clientAnalyze (CLINIC.md "Statistics"): each customer who paid for a sale or
 * was treated in the period is scored on three measures, each high or low against a fixed
 * threshold, and the three scores name one of the classic eight segments.
 *
 * - R (recency): days from the customer's last paid sale or treatment in the period to the
 *   period's last day (today when the period has not ended yet); high when at most `recentDays`.
 * - F (frequency): paid sale orders in the period; high when at least `frequentOrders`.
 * - M (money): what those orders took in cash and principal (cash performance's money); high when
 *   at least `moneyFen`.
 *
 * Fixed thresholds rather than quantiles: a segment then means the same thing every month and
 * for every manager's subset of customers, and a customer's segment does not move because other
 * customers bought more.
 */
export const rfmThresholds = {
  recentDays: 30,
  frequentOrders: 2,
  /** ¥5,000.00 in fen. */
  moneyFen: 500_000,
} as const;

export type RfmScores = { r: boolean; f: boolean; m: boolean };
export type RfmSegment = RfmScores & { key: string; name: string; nameEn: string };

const seg = (key: string, name: string, nameEn: string, r: boolean, f: boolean, m: boolean): RfmSegment => ({
  key,
  name,
  nameEn,
  r,
  f,
  m,
});

/** The eight segments in the order the page lists them (重要 before 一般, value → retain). */
export const rfmSegments: readonly RfmSegment[] = [
  seg('importantValue', '重要价值客户', 'Champions', true, true, true),
  seg('importantGrow', '重要发展客户', 'High spenders to grow', true, false, true),
  seg('importantKeep', '重要保持客户', 'Loyal big spenders slipping', false, true, true),
  seg('importantWinBack', '重要挽留客户', 'Big spenders to win back', false, false, true),
  seg('generalValue', '一般价值客户', 'Loyal small spenders', true, true, false),
  seg('generalGrow', '一般发展客户', 'New small spenders', true, false, false),
  seg('generalKeep', '一般保持客户', 'Regulars slipping', false, true, false),
  seg('generalWinBack', '一般挽留客户', 'Lapsed small spenders', false, false, false),
];

/** A customer's three scores from their figures. */
export function rfmScores(recencyDays: number, orders: number, moneyFen: number): RfmScores {
  return {
    r: recencyDays <= rfmThresholds.recentDays,
    f: orders >= rfmThresholds.frequentOrders,
    m: moneyFen >= rfmThresholds.moneyFen,
  };
}

/** The segment a customer's figures fall in (the server's SQL applies the same rule). */
export function rfmSegmentOf(recencyDays: number, orders: number, moneyFen: number): RfmSegment {
  const s = rfmScores(recencyDays, orders, moneyFen);
  return rfmSegments.find((x) => x.r === s.r && x.f === s.f && x.m === s.m)!;
}

/** How the page explains the segments (zh, en), from the thresholds above. */
export const rfmNote: [string, string] = [
  `按统计期内已收费的开单和划扣计算：R 最近一次距统计截止日不超过${rfmThresholds.recentDays}天为高，` +
    `F 已收费开单不少于${rfmThresholds.frequentOrders}次为高，M 现金及本金支付不少于¥${(rfmThresholds.moneyFen / 100).toLocaleString('en-US')}为高。`,
  `From paid sales and treatments in the period: R is high when the last one is at most ${rfmThresholds.recentDays} days ` +
    `before the period's end, F when at least ${rfmThresholds.frequentOrders} sales were paid, M when at least ` +
    `¥${(rfmThresholds.moneyFen / 100).toLocaleString('en-US')} was paid in cash and principal.`,
];

/** The segments' English names by their Chinese ones (the rows' keys). */
export const rfmNamesEn: Record<string, string> = Object.fromEntries(rfmSegments.map((s) => [s.name, s.nameEn]));
