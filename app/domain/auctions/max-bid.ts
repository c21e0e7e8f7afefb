/**
 * The most to bid at an auction, and the deposit a bid calls for. Pure: no I/O.
 *
 * maxBid = (ARV·(1 − sellingCostsPct/100 − targetProfitPct/100) − rehabCost − survivingLiens
 *           − closingCosts − holdingCosts) / (1 + buyerPremiumPct/100), never below 0.
 * The buyer's premium is paid on top of the bid, so the bid is what is left divided by 1 + premium.
 */
import { formatMoney } from "../format";

export interface MaxBidInputs {
  /** The after-repair value (ARV). */
  estimatedValue: number;
  rehabCost?: number;
  /** Liens the sale does not wipe out, which the buyer takes over. */
  survivingLiens?: number;
  closingCosts?: number;
  holdingCosts?: number;
  /** Of the ARV. */
  sellingCostsPct?: number;
  /** The profit wanted, of the ARV. */
  targetProfitPct?: number;
  /** The auctioneer's premium, of the bid. */
  buyerPremiumPct?: number;
}

/** A user's own starting figures for the calculator, set once and kept with the user. */
export type MaxBidDefaults = Required<Pick<MaxBidInputs, "sellingCostsPct" | "targetProfitPct">>;

/** The inputs with their defaults (0), what each percent amounts to, and the bid. */
export interface MaxBid extends Required<MaxBidInputs> {
  sellingCosts: number;
  targetProfit: number;
  /** What the ARV leaves for the bid and its premium, after costs, liens and profit. */
  available: number;
  /** The premium paid on the maximum bid. */
  buyerPremium: number;
  maxBid: number;
}

export function maxBid(inputs: MaxBidInputs): MaxBid {
  const terms = {
    estimatedValue: inputs.estimatedValue,
    rehabCost: inputs.rehabCost ?? 0,
    survivingLiens: inputs.survivingLiens ?? 0,
    closingCosts: inputs.closingCosts ?? 0,
    holdingCosts: inputs.holdingCosts ?? 0,
    sellingCostsPct: inputs.sellingCostsPct ?? 0,
    targetProfitPct: inputs.targetProfitPct ?? 0,
    buyerPremiumPct: inputs.buyerPremiumPct ?? 0,
  };
  const sellingCosts = (terms.estimatedValue * terms.sellingCostsPct) / 100;
  const targetProfit = (terms.estimatedValue * terms.targetProfitPct) / 100;
  const available =
    terms.estimatedValue -
    sellingCosts -
    targetProfit -
    terms.rehabCost -
    terms.survivingLiens -
    terms.closingCosts -
    terms.holdingCosts;
  const bid = Math.max(0, available / (1 + terms.buyerPremiumPct / 100));
  return {
    ...terms,
    sellingCosts,
    targetProfit,
    available,
    buyerPremium: (bid * terms.buyerPremiumPct) / 100,
    maxBid: bid,
  };
}

const percent = (value: number) => `${value} %`;

/** What the result is: without a profit the most to bid is only the price that breaks even. */
export const maxBidHeading = (bid: Pick<MaxBid, "targetProfitPct">) =>
  bid.targetProfitPct > 0 ? "Max bid" : "Break-even: no profit";

/**
 * The bid's formula with the user's numbers, as the deal analyzer shows its metrics:
 * "Max bid = (ARV $250,000 × (1 − selling 6 % − profit 20 %) − rehab $40,000 − liens $0 −
 * closing $5,000 − holding $3,000) ÷ (1 + premium 5 %) = $130,476".
 */
export function maxBidFormula(bid: MaxBid) {
  const left =
    `(ARV ${formatMoney(bid.estimatedValue)} × (1 − selling ${percent(bid.sellingCostsPct)} − ` +
    `profit ${percent(bid.targetProfitPct)}) − rehab ${formatMoney(bid.rehabCost)} − ` +
    `liens ${formatMoney(bid.survivingLiens)} − closing ${formatMoney(bid.closingCosts)} − ` +
    `holding ${formatMoney(bid.holdingCosts)}) ÷ (1 + premium ${percent(bid.buyerPremiumPct)})`;
  const floor = bid.available < 0 ? ", below zero: no bid" : "";
  return `Max bid = ${left} = ${formatMoney(bid.maxBid)}${floor}`;
}

/** The deposit a bid calls for: a fixed amount, or a percent of the bid. */
export function depositDue(
  deposit: { depositAmount?: number | null; depositPct?: number | null },
  bid: number,
) {
  if (typeof deposit.depositPct === "number") return (bid * deposit.depositPct) / 100;
  return deposit.depositAmount ?? null;
}
