/**
 * Figures the page states, from the product specification (section 9 unless noted).
 * Parcel sizes come from `PARCEL_SIZES` in @gleba/contracts and prices from `config/prices.json`.
 */
export const RESULT_TIME = {
  /** "Result time: 4 to 6 weeks (FAQ)"; the terms' "up to 8 weeks" belongs in the terms page. */
  standardWeeks: { min: 4, max: 6 },
  expressWorkingDays: 10,
} as const;

export const SAMPLING = {
  /** Punctures per sample (one sample per sector): the spec's 5 to 15. */
  puncturesMin: 5,
  puncturesMax: 15,
  depthCm: 20,
  skipTopCm: { min: 2, max: 3 },
  soilKg: 1,
  sendWithinDays: 4,
} as const;

/** Section 4: a parcel-locker (drop-off) code is valid 14 days. */
export const DROP_OFF_CODE_VALID_DAYS = 14;

/** Section 9: complaints within 14 days of results. */
export const COMPLAINT_DAYS = 14;
