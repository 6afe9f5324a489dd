import { backlog } from '../../workbench/backlog.ts';
import { unreadNoticeCount } from './queries.ts';

// The workbench's announcementNum: notices waiting for me to read them.
backlog.register('announcementNum', (db, user) => unreadNoticeCount(db, user));
