import { backlog } from '../../workbench/backlog.ts';
import { unreadLogCount } from './queries.ts';

// The workbench's logNum: logs sent to me that I have not opened.
backlog.register('logNum', (db, user) => unreadLogCount(db, user.userId));
