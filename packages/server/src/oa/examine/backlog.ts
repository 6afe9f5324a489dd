import { backlog } from '../../workbench/backlog.ts';
import { waitingCount } from './queries.ts';

// The workbench's approval count: approvals waiting for the user.
backlog.register('examineNum', (db, user) => waitingCount(db, user.userId));
