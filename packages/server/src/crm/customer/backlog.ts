import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import type { AppRegistry } from '../../registry.ts';
import { sceneCount } from '../records/list.ts';
import { customerServerKind } from './kind.ts';

/**
 * The customer's to-do counts of `CrmBackLog/num`: the totals of the customer scenes their tiles
 * open (kind.ts) — todayCustomer 今日需联系客户, followCustomer 待跟进客户.
 */
export const todayCustomers = (db: Db, user: SessionUser) => sceneCount(db, customerServerKind, user, 'contactToday');
export const customersToFollow = (db: Db, user: SessionUser) => sceneCount(db, customerServerKind, user, 'notFollowed');

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  registry.backlog.register('todayCustomer', todayCustomers);
  registry.backlog.register('followCustomer', customersToFollow);
}
