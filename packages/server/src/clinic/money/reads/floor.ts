import { discountFloorFen, type FloorAnswer, type FloorInput } from '@crm/shared';
import type { SessionUser } from '../../../auth/session.ts';
import type { Db } from '../../../db/client.ts';
import { discountRateOf } from '../../settings/read.ts';
import { priceLines } from '../pricing.ts';

/**
 * `/clinic/order/floor`: the lowest deal price the current user may give each line, from the same
 * pricing (`priceLines`) and rate (`discountRateOf`, `discountFloorFen`) the save checks, so the
 * page warns before saving. The save still decides.
 */
export async function floorPreview(db: Db, user: SessionUser, input: FloorInput): Promise<FloorAnswer> {
  return db.transaction(async (tx) => {
    // Pricing checks the salespeople too; the user asking is an active one.
    const priced = await priceLines(
      tx,
      input.lines.map((l) => ({ ...l, deptId: null, salespeople: [{ userId: user.userId, rate: 100 }] })),
    );
    const rate = await discountRateOf(
      tx,
      user.roles.map((r) => r.roleId),
    );
    return {
      rate,
      lines: priced.map((l) => ({
        projectId: l.projectId,
        quantity: l.quantity,
        price: l.price,
        salesPrice: l.salesPrice,
        floor: discountFloorFen(l.salesPrice, rate, l.minPrice),
      })),
    };
  });
}
