/** An order just charged, as the charge hands it to what follows (charge-hooks.ts and the hooks it calls). */
export type ChargedOrder = {
  orderId: number;
  customerId: number;
  storeId: number | null;
  /** The charged lines and the deal each one made, in the same order. */
  lineIds: readonly number[];
  dealIds: readonly number[];
  /** Cash methods + principal received: the base of 现金业绩 and 开发业绩. */
  cashBase: number;
  day: string;
};
