import { backlog } from '../../workbench/backlog.ts';
import { openTaskCount } from './queries.ts';

// The workbench's task count: open tasks the user owns.
backlog.register('taskNum', (db, user) => openTaskCount(db, user.userId));
