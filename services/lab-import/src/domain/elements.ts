/** An element of a sample's results as stored (one per parameter). */
export interface StoredElement {
  key: string;
  name: string;
  symbol: string;
  unit: string;
  value: number | null;
  valueDescripted: string | null;
}

/** A staged element, compact: `[key, value, descriptive value]` (name, symbol and unit are the parameter's). */
export type StagedElement = [key: string, value: number | null, valueDescripted: string | null];
