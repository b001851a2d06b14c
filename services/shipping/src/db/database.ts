import type { ColumnType, Generated } from 'kysely';
import type { PlatformTables } from '@gleba/platform';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface ContactsTable {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  company_name: string | null;
  street: string | null;
  post_code: string | null;
  city: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ShippablesTable {
  id: string;
  order_id: string;
  test_id: string | null;
  user_id: string;
  kind: 'FARM' | 'GARDEN';
  order_number: string;
  barcode: string | null;
  confirmed_at: Timestamp;
  cancelled_at: Timestamp | null;
}

export interface StoredAddress {
  name: string;
  company: string | null;
  street: string;
  postCode: string;
  city: string;
  phone: string | null;
  email: string | null;
}

export interface StoredPickupPoint {
  id: string;
  name: string;
  street: string;
  postCode: string;
  city: string;
  lat: number;
  lng: number;
  distanceKm: number | null;
  openingHours: { day: number; open: string; close: string }[];
}

export interface ShipmentsTable {
  id: string;
  shippable_id: string;
  order_id: string;
  test_id: string | null;
  user_id: string;
  kind: 'FARM' | 'GARDEN';
  order_number: string;
  barcode: string | null;
  type: 'COURIER' | 'PICKUP' | 'PICKUP_LABELLESS';
  size: 'S' | 'M' | 'L';
  with_label: boolean;
  status: ColumnType<
    'CREATED' | 'PICKED_UP' | 'IN_TRANSIT' | 'DELIVERED' | 'RETURNED',
    string | undefined,
    string
  >;
  waybill: string | null;
  package_id: string | null;
  /** DPD's price of the parcel in grosze. */
  shipping_cost: ColumnType<number | null, number | null | undefined, number | null>;
  sender: Json<StoredAddress>;
  pickup_point: Json<StoredPickupPoint | null> | null;
  courier_date: ColumnType<string | null, string | null, string | null>;
  courier_window: string | null;
  courier_order_number: string | null;
  courier_checksum: string | null;
  courier_cancelled_at: Timestamp | null;
  drop_off_code: string | null;
  drop_off_expires_at: Timestamp | null;
  drop_off_warned_at: Timestamp | null;
  drop_off_expired_at: Timestamp | null;
  return_waybill: string | null;
  return_code: string | null;
  rma: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
  status_changed_at: Timestamp;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  shipment_id: string;
  waybill: string;
  business_code: string;
  description: string;
  event_time: Timestamp;
  depot: string;
  status: string | null;
  received_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Tables of the shipping database (the platform's outbox, inbox and job failures included). */
export interface Database extends PlatformTables {
  contacts: ContactsTable;
  shippables: ShippablesTable;
  shipments: ShipmentsTable;
  tracking_events: TrackingEventsTable;
}
