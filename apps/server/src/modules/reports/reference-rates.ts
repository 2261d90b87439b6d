/**
 * European Central Bank euro foreign exchange reference rates (units per 1 EUR), fixed snapshot shipped with the code until the forex adapter supplies daily rates.
 * The reference rates of 2025-01-02 (ECB, units per 1 EUR). Written down here
 * without a network check against the ECB file: replace by the forex adapter.
 */
export const REFERENCE_RATES = {
  date: '2025-01-02',
  rates: {
    AUD: 1.6631,
    CAD: 1.4856,
    CHF: 0.9394,
    CNY: 7.5525,
    DKK: 7.4594,
    GBP: 0.82975,
    HKD: 8.022,
    INR: 88.454,
    JPY: 162.93,
    MXN: 21.5115,
    NOK: 11.794,
    NZD: 1.8387,
    SEK: 11.4985,
    SGD: 1.4096,
    USD: 1.0321,
  } as Record<string, number>,
};
