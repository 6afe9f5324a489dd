import { z } from 'zod';
import { idField } from '../../schemas/fields.ts';
import { OrderMsg } from './orders.ts';
import { refundRowSchema } from './refund-calls.ts';

/**
 * `/clinic/refund/queryByCustomer`: one customer's refund requests in every state, newest first,
 * for the 成交项目 tab (whoever reads the customer; the cashier's list needs the desk's key).
 */
export const customerRefundsSchema = z.object({ customerId: idField(OrderMsg.customerRequired) });

export const customerRefundsContracts = {
  '/clinic/refund/queryByCustomer': z.array(refundRowSchema),
};
