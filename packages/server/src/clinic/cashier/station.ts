import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';

/** The 流程 station of the desk: its pages and every call made there need it (oa:workflow:cashierDesk). */
export const CASHIER_STATION = 'oa:workflow:cashierDesk';

/** The desk's money calls (charge, top-up, repay, waive) keep their `crm:dealRecord` key and also need the station. */
export const atCashierDesk = (user: SessionUser) => requirePermission(user, CASHIER_STATION);
