import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { SubjectType } from './process.ts';

/**
 * Who may learn anything of a subject's review (a contract's, a receivable's): its record's
 * readers, which only the subject's own module knows. It registers a check that throws as its
 * detail call does (无权访问, 合同不存在); the approval engine asks it before saying whether a
 * review exists, without importing the CRM.
 */
type ReadCheck = (db: Db, subjectId: number, viewer: SessionUser) => Promise<void>;
const readers = new Map<string, ReadCheck>();

export function onSubjectRead(subjectType: Exclude<SubjectType, 'oa'>, check: ReadCheck) {
  readers.set(subjectType, check);
}

/** Throws unless the viewer may read the subject; a subject type nobody registered is refused as missing. */
export async function requireSubjectReader(db: Db, subjectType: string, subjectId: number, viewer: SessionUser) {
  const check = readers.get(subjectType);
  if (!check) throw notFound('该记录没有审核流程');
  await check(db, subjectId, viewer);
}
