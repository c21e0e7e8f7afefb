/**
 * Possible Investments' buy-box filter: the primary analysis meets the buy box, or misses it. Apart
 * from criteria.ts so the list's page carries no deal math or schemas.
 */
export const BUY_BOX_FILTERS = ["yes", "no"] as const;
export type BuyBoxFilter = (typeof BUY_BOX_FILTERS)[number];
