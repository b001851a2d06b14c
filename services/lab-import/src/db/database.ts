import type { ColumnType, Generated } from 'kysely';
import type { PlatformTables } from '@gleba/platform';
import type { StagedElement, StoredElement } from '../domain/elements';

export type { StagedElement, StoredElement } from '../domain/elements';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface ExpectedSamplesTable {
  sample_id: string;
  code: string;
  order_id: string;
  order_number: string;
  user_id: string;
  kind: 'FARM' | 'GARDEN';
  basic_test_type: string;
  additional_test_types: Json<string[]>;
  field_name: string;
  plant_id: string | null;
  crop_id: string | null;
  sector_id: string | null;
  area_ha: number | null;
  area_ares: number | null;
  cancelled_at: Timestamp | null;
  registered_at: Timestamp;
}

/** Garden tests whose shipment the customer confirmed (decision 0043), whatever order the events came in. */
export interface ShipmentConfirmationsTable {
  sample_id: string;
  confirmed_at: Timestamp;
}

/** Punctures recorded on the sampling screen (decision 0058): the count the report names. */
export interface SamplePuncturesTable {
  sample_id: string;
  punctures_taken: number;
  punctures_planned: number;
  recorded_at: Timestamp;
}

/** An import message's parameters, as stored (jsonb): read as an object, written as JSON text. */
type MessageParams = ColumnType<
  Record<string, string | number | boolean> | null,
  string | null | undefined,
  string | null
>;

export interface ImportsTable {
  id: string;
  mode: 'farm' | 'garden';
  test_type: string;
  step: string;
  file_name: string | null;
  file_size: number;
  file: Buffer | null;
  status: string;
  phase: string | null;
  error_code: string | null;
  error_params: MessageParams;
  /** The file-level error in English, for the log; readers get it rendered from the code and params. */
  error_message: string | null;
  rows_read: Generated<number>;
  rows_total: number | null;
  rows_valid: Generated<number>;
  rows_applied: Generated<number>;
  rows_rejected: Generated<number>;
  orders_touched: Generated<number>;
  apply_processed: Generated<number>;
  percent: Generated<number>;
  created_by: string;
  created_at: Generated<Date>;
  checked_at: Date | null;
  applied_at: Date | null;
}

export interface ImportErrorsTable {
  id: Generated<number>;
  import_id: string;
  row_number: number | null;
  label: string | null;
  code: string;
  params: MessageParams;
  /** The error in English, for the log; readers get it rendered from the code and params. */
  message: string;
}

export interface ImportRowsTable {
  import_id: string;
  row_number: number;
  sample_id: string;
  order_id: string;
  test_type: string;
  category: string | null;
  /**
   * Compact tuples (what `results.elements` gets, copied inside Postgres). Rows staged by older
   * versions hold whole elements or have no `advice`; both forms are read alike (`expandElements`).
   */
  elements: Json<(StagedElement | StoredElement)[]>;
  /** The values the advice reads, by key (`PH_KCL`, `P2O5`, `K2O`, `MG`); null in rows staged by older versions. */
  advice: Json<Record<string, number | null>> | null;
  /** The advice the check computed (as `results` stores it), for the sample's crop and area in `advised_for` (`adviceBasisOf`); null in rows staged by older versions. */
  classes: Json<Record<string, string | null>> | null;
  recommendation_id: string | null;
  recommendation_measured: Json<unknown> | null;
  recommendation_error: string | null;
  advised_for: string | null;
}

export interface ResultsTable {
  id: string;
  sample_id: string;
  test_type: string;
  agronomic_category: string | null;
  /** Compact tuples (name, symbol and unit are the parameter's); results stored before hold whole elements. Read through `expandElements`. */
  elements: Json<(StagedElement | StoredElement)[]>;
  classes: Json<Record<string, string | null>> | null;
  /** Whole recommendation, in results stored before `recommendations`; null in newer ones. */
  recommendation: Json<unknown> | null;
  /** The shared recommendation (`recommendations.id`) and this result's own measured values. */
  recommendation_id: string | null;
  recommendation_measured: Json<unknown> | null;
  recommendation_error: string | null;
  /** Ruleset ids and versions, in results stored before `recommendations` (newer: the body's `rulesets`). */
  rulesets: Json<unknown> | null;
  import_id: string;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A recommendation shared by results: `body` is its JSON with `measured: null`, `id` the hash of that text. */
export interface RecommendationsTable {
  id: string;
  body: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

/** Tables of the lab-import database (the platform's outbox, inbox and job failures included). */
export interface Database extends PlatformTables {
  expected_samples: ExpectedSamplesTable;
  imports: ImportsTable;
  import_errors: ImportErrorsTable;
  shipment_confirmations: ShipmentConfirmationsTable;
  sample_punctures: SamplePuncturesTable;
  import_rows: ImportRowsTable;
  results: ResultsTable;
  recommendations: RecommendationsTable;
}
