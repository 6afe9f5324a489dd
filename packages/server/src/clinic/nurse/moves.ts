import { type VisitAction, type VisitData, VisitStatus, visitMove } from '@crm/shared';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { readVisit } from '../visits/read.ts';
import { setVisitStatus } from '../visits/record-moves.ts';
import { lockVisit } from '../visits/visits.ts';

/**
 * 开始治疗 and 完成治疗: the nurse's own moves of a visit, under its row lock and checked with
 * visitMove (its Chinese refusal otherwise). Again on a visit already there answers it unchanged,
 * so a double click is harmless.
 */
async function move(db: Db, user: SessionUser, visitId: number, action: VisitAction, target: number) {
  return db.transaction(async (tx): Promise<VisitData> => {
    const v = await lockVisit(tx, user, visitId);
    if (v.status === target) return readVisit(tx, user, v.id);
    const next = visitMove(v.status, action);
    if (!next.ok) throw badRequest(next.msg);
    await setVisitStatus(tx, v, next.to, user.userId);
    return readVisit(tx, user, v.id);
  });
}

export const startTreatment = (db: Db, user: SessionUser, visitId: number) =>
  move(db, user, visitId, 'startTreatment', VisitStatus.treating);

export const finishTreatment = (db: Db, user: SessionUser, visitId: number) =>
  move(db, user, visitId, 'finishTreatment', VisitStatus.treated);
