import { backlog } from '../../workbench/backlog.ts';
import { todayCount } from './calendar.ts';

// The workbench's eventNum: what is on my calendar today.
backlog.register('eventNum', (db, user) => todayCount(db, user));
