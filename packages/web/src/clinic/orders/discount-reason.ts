import { orderSaveSchema } from '@crm/shared';

/**
 * Whether the save takes a reason for a line below the discount floor (the 折扣审批 path names it
 * `discountReason` on save and update). Read from the shared schema, so the reason box appears
 * exactly when the server reads it; without it a line below the floor is refused.
 */
export const takesDiscountReason: boolean = 'discountReason' in orderSaveSchema.shape;
