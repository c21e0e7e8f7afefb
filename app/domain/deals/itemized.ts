/**
 * The analyzer's itemized inputs and the figures they stand for: a rent roll of units (its rents
 * are the gross rent), a line-item rehab with a contingency (its total is the rehab cost) and comps
 * to the after-repair value. Unrounded, as the contract writes them. Pure: no I/O.
 */
import type {
  Comp,
  CompsMetrics,
  ItemizedInputs,
  ItemizedMetrics,
  RehabItem,
  RehabMetrics,
  Unit,
  UnitMetrics,
} from "./types";

/** What the itemized figures read of a deal's inputs; every strategy gives some of it. */
export interface ItemizedSource extends ItemizedInputs {
  purchasePrice?: number;
  units?: Unit[];
}

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** `unitCount`, `averageRentPerUnit`, `pricePerUnit` and `lossToLeaseMonthly` of a rent roll. */
export function rentRoll(units: readonly Unit[], purchasePrice: number): UnitMetrics {
  const unitCount = units.length;
  const leased = units.filter((unit) => unit.marketRent !== undefined);
  return {
    unitCount,
    averageRentPerUnit: sum(units.map((unit) => unit.monthlyRent)) / unitCount,
    pricePerUnit: purchasePrice / unitCount,
    lossToLeaseMonthly: sum(leased.map((unit) => unit.marketRent! - unit.monthlyRent)),
  };
}

/** `rehabSubtotal` = Σ quantity × unit cost; the contingency a percent of it on top. */
export function rehabBudget(items: readonly RehabItem[], contingencyPct = 0): RehabMetrics {
  const rehabSubtotal = sum(items.map((item) => (item.quantity ?? 1) * item.unitCost));
  return {
    rehabSubtotal,
    rehabContingency: (rehabSubtotal * contingencyPct) / 100,
    rehabCost: rehabSubtotal * (1 + contingencyPct / 100),
  };
}

/** A comp's sale price with its adjustments, per square foot. */
export const adjustedPricePerSqFt = (comp: Comp) =>
  (comp.salePrice + (comp.adjustments ?? 0)) / comp.squareFeet;

/** The comps' mean adjusted $/sq ft, and the subject's ARV at the mean, lowest and highest. */
export function compsValue(comps: readonly Comp[], subjectSquareFeet: number): CompsMetrics {
  const perSqFt = comps.map(adjustedPricePerSqFt);
  const compsPricePerSqFt = sum(perSqFt) / perSqFt.length;
  return {
    compsPricePerSqFt,
    arvFromComps: subjectSquareFeet * compsPricePerSqFt,
    arvLow: subjectSquareFeet * Math.min(...perSqFt),
    arvHigh: subjectSquareFeet * Math.max(...perSqFt),
  };
}

/**
 * The figures of whichever itemized inputs are given, in the contract's order (units, rehab,
 * comps); a group whose inputs are absent is absent, not null.
 */
export function itemizedMetrics(inputs: ItemizedSource): ItemizedMetrics {
  const metrics: ItemizedMetrics = {};
  if (inputs.units?.length) Object.assign(metrics, rentRoll(inputs.units, inputs.purchasePrice!));
  if (inputs.rehabItems?.length)
    Object.assign(metrics, rehabBudget(inputs.rehabItems, inputs.rehabContingencyPct));
  if (inputs.comps?.length && inputs.subjectSquareFeet !== undefined)
    Object.assign(metrics, compsValue(inputs.comps, inputs.subjectSquareFeet));
  return metrics;
}

/**
 * The three inputs the itemized ones stand in for: the rent, the rehab and the ARV as given, else
 * as the units, the rehab items and the comps give them; undefined when neither is there.
 */
export function itemizedTotals(
  inputs: ItemizedSource & {
    grossMonthlyRent?: number;
    rehabCost?: number;
    afterRepairValue?: number;
  },
  metrics: ItemizedMetrics = itemizedMetrics(inputs),
) {
  return {
    grossMonthlyRent:
      inputs.grossMonthlyRent ??
      (inputs.units?.length ? sum(inputs.units.map((unit) => unit.monthlyRent)) : undefined),
    rehabCost: inputs.rehabCost ?? metrics.rehabCost,
    afterRepairValue: inputs.afterRepairValue ?? metrics.arvFromComps,
  };
}
