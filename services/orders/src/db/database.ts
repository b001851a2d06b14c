import type { ColumnType, Generated } from 'kysely';
import type { PlatformTables } from '@gleba/platform';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface ContactsTable {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  language: string;
  company_name: string | null;
  tax_number: string | null;
  address: Json<unknown | null>;
  is_data_complete: boolean;
  updated_at: Timestamp;
}

/** GeoJSON Polygon or MultiPolygon (WGS84), as geo's snapshots carry it. */
export interface Outline {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown[];
}

export interface SectorRow {
  sectorId: string;
  name: string;
  areaHa: number;
  /** Absent in snapshots stored before guided sampling (decision 0058). */
  geometry?: Outline;
}

export interface CropsTable {
  crop_id: string;
  user_id: string;
  name: string;
  field_name: string;
  plant_id: string;
  area_ha: number;
  plot_numbers: Json<string[]>;
  sectors: Json<SectorRow[]>;
  geometry: ColumnType<Outline | null, string | null | undefined, string | null>;
  deleted: boolean;
  updated_at: Timestamp;
}

export interface FarmOrdersTable {
  id: string;
  order_number: string;
  user_id: string;
  type: string;
  status: string;
  payment_method: string;
  payment_status: string;
  payment_due_date: Timestamp | null;
  paid_at: Timestamp | null;
  number_of_samples: number;
  total_area_ha: number;
  punctures_per_sector: number;
  basic_tests: Json<string[]>;
  additional_tests: Json<string[]>;
  equipment: Json<string[]>;
  basic_tests_price: number;
  additional_tests_price: number;
  equipment_price: number;
  basic_tests_discount: number;
  total_price: number;
  quote: Json<unknown>;
  delivery_address: Json<unknown>;
  customer: Json<unknown>;
  samples_sent_at: Timestamp | null;
  kit_sent_at: NullableTimestamp;
  samples_shipped_at: NullableTimestamp;
  send_reminder_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FarmOrderSamplesTable {
  id: string;
  order_id: string;
  sample_number: number;
  code: string;
  crop_id: string;
  sector_id: string | null;
  field_name: string;
  sector_name: string | null;
  plant_id: string;
  plot_numbers: Json<string[]>;
  area_ha: number;
  punctures: number;
  /** When the sample's latest results were imported (its complaint window starts then). */
  results_at: NullableTimestamp;
  /** The sector's (or undivided crop's) outline when the order was placed (decision 0058). */
  geometry: ColumnType<Outline | null, string | null | undefined, string | null>;
  /** Punctures recorded on the sampling screen, TTakenPuncture[]. */
  taken_punctures: ColumnType<unknown[], string | undefined, string>;
}

export interface BarcodeBatchesTable {
  id: string;
  retail: boolean;
  paid: boolean;
  label_count: number;
  kit_order_id: string | null;
  created_by_user_id: string | null;
  printed_at: Timestamp | null;
  paid_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface BarcodeLabelsTable {
  id: string;
  batch_id: string;
  barcode: string;
  label: string;
  printed: boolean;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface GardenTestsTable {
  id: string;
  order_number: string;
  user_id: string;
  barcode_label_id: string;
  barcode: string;
  status: string;
  price: number;
  garden_name: string;
  plant_id: string;
  garden_area_ares: number | null;
  /** Where the garden is (WGS84), both or neither. */
  location_lat: number | null;
  location_lon: number | null;
  punctures: number;
  basic_test_type: string;
  additional_test_types: Json<string[]>;
  photo: Json<unknown | null>;
  customer: Json<unknown>;
  samples_sent_at: Timestamp | null;
  samples_shipped_at: NullableTimestamp;
  send_reminder_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface KitOrdersTable {
  id: string;
  order_number: string;
  user_id: string;
  quantity: number;
  price: number;
  payment_method: string;
  payment_status: string;
  delivery_address: Json<unknown>;
  paid_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface StatusHistoryTable {
  id: Generated<number>;
  subject_kind: string;
  subject_id: string;
  from_status: string | null;
  status: string;
  updated_by_user_id: string | null;
  change_date: Generated<Date>;
}

export interface PaymentsTable {
  id: string;
  subject_kind: string;
  subject_id: string;
  session_id: string;
  amount: number;
  currency: string;
  status: string;
  token: string | null;
  provider_order_id: number | null;
  created_at: Generated<Date>;
  verified_at: Timestamp | null;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface FailedOrdersTable {
  id: string;
  subject_kind: string;
  subject_id: string;
  error_type: string;
  error_message: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Tables of the orders database (the platform's outbox, inbox and job failures included). */
export interface ComplaintsTable {
  id: string;
  /** GARDEN: `test_id` is a garden test; FARM: a farm order's sample (`farm_order_samples.id`). */
  kind: Generated<string>;
  test_id: string;
  user_id: string;
  reason: string;
  text: string;
  photo: Json<unknown | null>;
  status: Generated<string>;
  answer: string | null;
  retest: Generated<boolean>;
  answered_by_user_id: string | null;
  answered_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface Database extends PlatformTables {
  contacts: ContactsTable;
  crops: CropsTable;
  farm_orders: FarmOrdersTable;
  farm_order_samples: FarmOrderSamplesTable;
  barcode_batches: BarcodeBatchesTable;
  barcode_labels: BarcodeLabelsTable;
  garden_tests: GardenTestsTable;
  kit_orders: KitOrdersTable;
  status_history: StatusHistoryTable;
  payments: PaymentsTable;
  failed_orders: FailedOrdersTable;
  complaints: ComplaintsTable;
}
