import { z } from 'zod';
import { pageOf } from '../contracts/common.ts';
import { type AnalysisPath, analysisPaths } from './analyses.ts';
import { screenContracts } from './screen.ts';

/** Figures of one row or the total, by measure key. */
const figures = z.record(z.string(), z.number());

/**
 * An analysis's answer: the period it covers (days in the company's zone) with the previous
 * period and the same period last year, the rows (every bucket, owner or category, zeros
 * included) and the total; rows of a trend that compares carry their previous bucket's and last
 * year's figures, and the total always carries both periods' totals.
 */
export const biAnalysisResponse = z.object({
  period: z.object({
    start: z.string(),
    end: z.string(),
    previousStart: z.string(),
    previousEnd: z.string(),
    lastYearStart: z.string(),
    lastYearEnd: z.string(),
  }),
  dimension: z.enum(['bucket', 'owner', 'category']),
  bucket: z.enum(['day', 'week', 'month']).nullable(),
  measures: z.array(z.string()),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      values: figures,
      previous: figures.optional(),
      lastYear: figures.optional(),
    }),
  ),
  total: z.object({ values: figures, previous: figures, lastYear: figures }),
});
export type BiAnalysis = z.infer<typeof biAnalysisResponse>;

/**
 * One record behind a figure: what it is, whose, on which day, and its part of the figure; a
 * customer also with their phone ('' when none or hidden from the viewer by field permissions).
 */
export const biDrillRow = z.object({
  kind: z.string(),
  id: z.number().int(),
  name: z.string(),
  ownerName: z.string(),
  day: z.string(),
  value: z.number(),
  mobile: z.string().optional(),
});
export type BiDrillRow = z.infer<typeof biDrillRow>;
export const biDrillResponse = pageOf(biDrillRow);

/** Every analysis path answers an analysis; the drill-down answers a page of records. */
export const biContracts = {
  ...Object.fromEntries(analysisPaths.map((p) => [p, biAnalysisResponse])),
  '/bi/drill': biDrillResponse,
  // The wall screen and its links (h-rfm, screen.ts).
  ...screenContracts,
} as { [P in AnalysisPath]: typeof biAnalysisResponse } & {
  '/bi/drill': typeof biDrillResponse;
} & typeof screenContracts;
