import { badRequest } from '../../core/errors.ts';

/**
 * Whether an error (or one it wraps: drizzle puts the driver's in `cause`) is a foreign key
 * refusing a delete: 23001 (RESTRICT) or 23503 (NO ACTION, checked at the statement's end).
 */
function isForeignKeyRefusal(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | null, i = 0; e && i < 4; i++) {
    if (e.code === '23001' || e.code === '23503') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Run a delete that a foreign key with RESTRICT may refuse (a row another request added after the
 * pre-check, or a table of a later feature that names the row): the refusal answers `msg`, the
 * pre-check's own message, never a 500.
 */
export async function deleteUnlessReferenced(run: () => Promise<unknown>, msg: string) {
  try {
    await run();
  } catch (err) {
    if (isForeignKeyRefusal(err)) throw badRequest(msg);
    throw err;
  }
}
