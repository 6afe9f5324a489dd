import { BankLabelMsg, type BankLabelSaveInput } from '@crm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '../../../core/errors.ts';
import type { Tx } from '../../../db/client.ts';
import { oaExamineBankLabels } from './tables.ts';

/** Payee labels belong to the person who saved them: every call reads and writes only theirs. */
const columns = {
  id: oaExamineBankLabels.id,
  payee: oaExamineBankLabels.payee,
  bankCard: oaExamineBankLabels.bankCard,
  bankOfDeposit: oaExamineBankLabels.bankOfDeposit,
};

export const listBankLabels = (db: Tx, userId: number) =>
  db
    .select(columns)
    .from(oaExamineBankLabels)
    .where(eq(oaExamineBankLabels.userId, userId))
    .orderBy(desc(oaExamineBankLabels.id))
    .limit(200);

export async function saveBankLabel(db: Tx, userId: number, input: BankLabelSaveInput) {
  const values = { payee: input.payee, bankCard: input.bankCard, bankOfDeposit: input.bankOfDeposit };
  if (input.id) {
    const [row] = await db
      .update(oaExamineBankLabels)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(oaExamineBankLabels.id, input.id), eq(oaExamineBankLabels.userId, userId)))
      .returning({ id: oaExamineBankLabels.id });
    if (!row) throw notFound(BankLabelMsg.notFound);
    return { id: row.id, msg: BankLabelMsg.updated };
  }
  const [row] = await db
    .insert(oaExamineBankLabels)
    .values({ ...values, userId })
    .returning({ id: oaExamineBankLabels.id });
  return { id: row!.id, msg: BankLabelMsg.saved };
}

export async function removeBankLabel(db: Tx, userId: number, labelId: number) {
  const gone = await db
    .delete(oaExamineBankLabels)
    .where(and(eq(oaExamineBankLabels.id, labelId), eq(oaExamineBankLabels.userId, userId)))
    .returning({ id: oaExamineBankLabels.id });
  if (gone.length === 0) throw notFound(BankLabelMsg.notFound);
  return { id: labelId, msg: BankLabelMsg.removed };
}
