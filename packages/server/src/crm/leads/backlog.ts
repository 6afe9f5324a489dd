import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import type { AppRegistry } from '../../registry.ts';
import { sceneCount } from '../records/list.ts';
import { leadsServerKind } from './kind.ts';

/**
 * `followLeads` of `CrmBackLog/num`: the total of the leads scene 待跟进的线索 its tile opens —
 * leads the viewer may list, not converted, whose next follow-up time is due (today or past).
 */
export const leadsToFollow = (db: Db, user: SessionUser) => sceneCount(db, leadsServerKind, user, 'followUp');

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  registry.backlog.register('followLeads', leadsToFollow);
}
