// A conversion of a claim's amount into the currency a payout method receives, as the server
// computes it (services/exchange-rates.ts) and the portal shows it before acceptance.
export interface Quote {
  sourceCurrency: string;
  targetCurrency: string;
  sourceAmount: string;
  /** Units of target currency per one unit of source currency (up to 12 decimal places). */
  rate: string;
  targetAmount: string;
  /** The rate's publication date as an instant (midnight UTC of `rateDate`). */
  asOf: string;
  /** The publication date of the rate (YYYY-MM-DD): the older of the pair's two dates. */
  rateDate: string;
  /** Who published the rate, in English. */
  source: string;
  /** The publisher's code, named in the user's language by the portal. */
  sourceCode?: string;
}

/** The quote of a claim, with the currencies the chosen payout method can receive. */
export interface ClaimQuote extends Quote {
  currencies: string[];
}
