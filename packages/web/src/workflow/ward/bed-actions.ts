import { bedMove } from '@crm/shared';

export type BedActionKey = 'admit' | 'reserve' | 'release' | 'move' | 'discharge' | 'disable' | 'enable' | 'edit';

/**
 * The buttons a bed card offers: exactly the moves the shared `bedMove` allows from the bed's
 * state (so the page never offers what the server refuses), to the station's staff (`works`) or
 * the stores' settings holder (`manages`: out of use and back, edit).
 */
export function bedActionKeys(
  bed: { status: number; occupied: boolean },
  can: { works: boolean; manages: boolean },
): BedActionKey[] {
  const allowed = (action: Parameters<typeof bedMove>[1]) => bedMove(bed.status, action).ok;
  const keys: BedActionKey[] = [];
  if (can.works) {
    if (allowed('admit')) keys.push('admit');
    if (allowed('reserve')) keys.push('reserve');
    if (allowed('release')) keys.push('release');
    if (bed.occupied) keys.push('move', 'discharge');
  }
  if (can.manages) {
    if (allowed('disable')) keys.push('disable');
    if (allowed('enable')) keys.push('enable');
    keys.push('edit');
  }
  return keys;
}
