import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { ledgerAgrees } from './agree.ts';

/** Every money test ends here: ledgers, counters and deal invariants agree, with nothing to report. */
export const expectLedgerAgrees = async (t: TestApp) =>
  expect(await ledgerAgrees(t.database.db)).toEqual({ ok: true, problems: [] });
