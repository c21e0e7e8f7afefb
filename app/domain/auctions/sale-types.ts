/**
 * The five sale types in plain words: what each sale is, and which liens usually survive it. The
 * form shows the lien line beside the sale type; the guide shows it all. General patterns only:
 * never legal advice, and always with CHECK_YOUR_STATE.
 */
import type { SaleType } from "./auction";

export interface SaleTypeGuide {
  title: string;
  /** What the sale is, in a sentence or two. */
  what: string;
  /** Which liens usually survive the sale (the form's hint beside the liens input). */
  liens: string;
  /** What else to know before bidding. */
  watch: string;
}

export const CHECK_YOUR_STATE =
  "A general guide, not legal advice: which liens survive, and whether the owner can redeem, depend on your state's law and on each sale. Check your state's law and order a title search before you bid.";

export const SALE_TYPE_GUIDE: Record<SaleType, SaleTypeGuide> = {
  judicial: {
    title: "Judicial foreclosure sale",
    what: "A sale a court orders at the end of a foreclosure lawsuit, held by a sheriff, referee or court officer.",
    liens:
      "Usually wipes out liens junior to the one foreclosed (later mortgages, judgments) whose holders were named in the suit; senior mortgages, property taxes and some municipal liens survive.",
    watch:
      "Some states give the former owner a period to redeem after the sale, and the sale may need the court's confirmation before you get the deed.",
  },
  upset: {
    title: "Upset tax sale (Pennsylvania)",
    what: "Pennsylvania's county Tax Claim Bureau sells a property for unpaid real-estate taxes; the opening (upset) price covers the taxes and costs owed.",
    liens:
      "Sold subject to mortgages, judgments and most other liens: the buyer takes them on. Only the tax claims are paid off. A later judicial tax sale, by contrast, clears most liens.",
    watch:
      "Search the title first: a mortgage you inherit can be worth more than the property. Payment is usually due in full on the sale day or within days.",
  },
  sheriff: {
    title: "Sheriff's sale",
    what: "A sale the sheriff holds to carry out a court judgment: most often a mortgage foreclosure, sometimes a tax or judgment lien.",
    liens:
      "Like a judicial foreclosure: usually clears liens junior to the one foreclosed, but not senior mortgages, property taxes or some municipal liens.",
    watch:
      "A deposit is often due at the sale in certified funds (commonly 10 % or more of the bid), with the balance due within a set number of days; sales are often postponed.",
  },
  tax: {
    title: "Tax sale (lien or deed)",
    what: "A sale for unpaid property taxes. At a tax-lien sale you buy a certificate (the right to be repaid the taxes with interest), not the property; at a tax-deed sale you buy the property itself.",
    liens:
      "A tax-lien certificate buys no property: the owner can redeem it within the redemption period, and only after that can you seek the deed. A tax deed usually clears mortgages, but some government liens (federal tax liens keep a right to redeem), easements and sometimes municipal liens can survive.",
    watch:
      "Know the redemption period and the interest rate your state allows, and whether the county bids down interest or bids up a premium.",
  },
  trustee: {
    title: "Trustee sale (non-judicial foreclosure)",
    what: "A foreclosure held without a court by the trustee named in a deed of trust, under its power of sale.",
    liens:
      "Usually wipes out liens junior to the deed of trust foreclosed; senior liens and property taxes survive, and the IRS keeps 120 days to redeem over a federal tax lien.",
    watch:
      "Payment is usually due at the sale or within hours, in cash or cashier's checks; there is usually no inspection and the property is sold as-is.",
  },
};
