import type { ColumnType, Generated } from 'kysely';
import type { PlatformTables } from '@gleba/platform';
import type { Area } from '../domain/geometry';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface FarmsTable {
  user_id: string;
  farming_activity: boolean;
  total_area_m2: number;
  address: Json<Record<string, string | null>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminUnitsTable {
  teryt: string;
  level: 'VOIVODESHIP' | 'COUNTY' | 'COMMUNE';
  woj: string;
  pow: string | null;
  gmi: string | null;
  rodz: string | null;
  name: string;
  kind_name: string;
  valid_on: string | null;
}

export interface PrecinctsTable {
  teryt: string;
  commune_teryt: string;
  name: string;
  fetched_at: Timestamp;
}

export interface ParcelsTable {
  teryt_id: string;
  plot_number: string;
  precinct: string;
  commune: string;
  county: string;
  voivodeship: string;
  geometry: Json<Area>;
  fetched_at: Timestamp;
}

export interface PlotsTable {
  id: string;
  user_id: string;
  public_id: string;
  kind: 'CADASTRAL' | 'CUSTOM';
  name: string;
  plot_number: string | null;
  teryt_id: string | null;
  voivodeship: string | null;
  county: string | null;
  commune: string | null;
  precinct: string | null;
  area_ha: number;
  geometry: Json<Area>;
  history_cursor: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CropsTable {
  id: string;
  user_id: string;
  name: string;
  plant_id: string;
  cultivation_from: ColumnType<string, string, string>;
  cultivation_to: ColumnType<string, string, string>;
  estimated_yield_t_per_ha: number | null;
  area_ha: number;
  geometry: Json<Area>;
  history_cursor: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CropPlotsTable {
  crop_id: string;
  plot_id: string;
}

export interface SectorsTable {
  id: string;
  crop_id: string;
  ordinal: number;
  name: string;
  area_ha: number;
  geometry: Json<Area>;
}

export interface ShapeVersionsTable {
  entity_id: string;
  seq: number;
  geometry: Json<Area>;
  created_at: Timestamp;
}

export interface TestLocksTable {
  order_id: string;
  crop_id: string | null;
  sector_id: string | null;
}

/** Tables of the geo database (the platform's outbox, inbox and job failures included). */
export interface Database extends PlatformTables {
  farms: FarmsTable;
  admin_units: AdminUnitsTable;
  precincts: PrecinctsTable;
  parcels: ParcelsTable;
  plots: PlotsTable;
  crops: CropsTable;
  crop_plots: CropPlotsTable;
  sectors: SectorsTable;
  shape_versions: ShapeVersionsTable;
  test_locks: TestLocksTable;
}
