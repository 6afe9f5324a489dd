import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import type { AppRegistry } from '../../registry.ts';
import { sceneCount } from '../records/list.ts';
import { contractServerKind, receivablesServerKind } from './kind.ts';

/**
 * The contract to-dos of `CrmBackLog/num` (docs/api/contracts.md), each the total of the list
 * scene its workbench tile opens (the scenes' conditions are in kind.ts): checkContract /
 * checkReceivables — 待我审批的, reviews waiting for the viewer among the records they may list;
 * remindReceivablesPlan — 待回款提醒的, contracts with an unreceived plan whose reminder day has
 * come and return day not passed; endContract — 即将到期的合同, approved contracts ending within
 * the configured days (0 while the reminder is off).
 */
export const contractsToReview = (db: Db, user: SessionUser) => sceneCount(db, contractServerKind, user, 'toReview');
export const receivablesToReview = (db: Db, user: SessionUser) =>
  sceneCount(db, receivablesServerKind, user, 'toReview');
export const plansToRemind = (db: Db, user: SessionUser) => sceneCount(db, contractServerKind, user, 'planDue');
export const contractsEnding = (db: Db, user: SessionUser) => sceneCount(db, contractServerKind, user, 'expiring');

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  registry.backlog.register('checkContract', contractsToReview);
  registry.backlog.register('checkReceivables', receivablesToReview);
  registry.backlog.register('remindReceivablesPlan', plansToRemind);
  registry.backlog.register('endContract', contractsEnding);
}
