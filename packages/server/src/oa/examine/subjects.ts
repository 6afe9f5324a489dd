import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { OnChange } from './process.ts';

/**
 * The approval subjects other than the OA forms (a reviewed record kind, the clinic's discount
 * order and refund): what the engine asks of one, which only the subject's own feature knows. Each
 * feature registers its subjects into its app's registry (`ctx.registry.subjects`) from its register
 * function, so the engine imports none of them and two apps in one process never share a hook.
 */
export type ApprovalSubject = {
  /** Runs in the action's transaction when the subject's process changes (a refund approved, a contract's checkStatus). */
  onChange: OnChange;
  /** Throws unless the viewer may read the subject, as its detail call does (无权访问, 合同不存在). */
  requireReader: (db: Db, subjectId: number, viewer: SessionUser) => Promise<void>;
};

export type SubjectRegistry = {
  /** A subject type registered twice is an error, not a silent overwrite; `oa` is the engine's own. */
  register(subjectType: string, subject: ApprovalSubject): void;
  of(subjectType: string): ApprovalSubject | undefined;
};

export function createSubjectRegistry(): SubjectRegistry {
  const subjects = new Map<string, ApprovalSubject>();
  return {
    register(subjectType, subject) {
      if (subjectType === 'oa') throw new Error('subject type oa is the approval forms themselves');
      if (subjects.has(subjectType)) throw new Error(`${subjectType} registered twice`);
      subjects.set(subjectType, subject);
    },
    of: (subjectType) => subjects.get(subjectType),
  };
}

/** Throws unless the viewer may read the subject; a subject type no feature registered is answered as missing. */
export async function requireSubjectReader(
  subjects: SubjectRegistry,
  db: Db,
  subjectType: string,
  subjectId: number,
  viewer: SessionUser,
) {
  const subject = subjects.of(subjectType);
  if (!subject) throw notFound('该记录没有审核流程');
  await subject.requireReader(db, subjectId, viewer);
}
