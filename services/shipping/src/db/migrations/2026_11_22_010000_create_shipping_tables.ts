import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read model of identity's profiles: the sender of a parcel.
  await sql`create table contacts (
    user_id uuid primary key,
    email text not null,
    first_name text not null,
    last_name text not null,
    phone text,
    company_name text,
    street text,
    post_code text,
    city text,
    updated_at timestamptz not null default now()
  )`.execute(db);

  // Read model of orders: what may be shipped (a confirmed garden test or a farm order whose samples are collected).
  await sql`create table shippables (
    id uuid primary key,
    order_id uuid not null,
    test_id uuid,
    user_id uuid not null,
    kind text not null,
    order_number text not null,
    barcode text,
    confirmed_at timestamptz not null,
    cancelled_at timestamptz
  )`.execute(db);
  await sql`create index shippables_user on shippables (user_id)`.execute(db);
  await sql`create index shippables_order on shippables (order_id)`.execute(db);

  await sql`create table shipments (
    id uuid primary key,
    shippable_id uuid not null references shippables (id),
    order_id uuid not null,
    test_id uuid,
    user_id uuid not null,
    kind text not null,
    order_number text not null,
    barcode text,
    type text not null,
    size text not null,
    with_label boolean not null,
    status text not null default 'CREATED',
    waybill text,
    package_id text,
    sender jsonb not null,
    pickup_point jsonb,
    courier_date text,
    courier_window text,
    courier_order_number text,
    courier_checksum text,
    courier_cancelled_at timestamptz,
    drop_off_code text,
    drop_off_expires_at timestamptz,
    drop_off_warned_at timestamptz,
    drop_off_expired_at timestamptz,
    return_waybill text,
    return_code text,
    rma text,
    active boolean not null default true,
    cancelled_at timestamptz,
    created_at timestamptz not null,
    status_changed_at timestamptz not null
  )`.execute(db);
  // One shipment under way per test (or farm order); one courier per test, ever (spec section 4).
  await sql`create unique index shipments_active_per_shippable on shipments (shippable_id) where active`.execute(
    db,
  );
  await sql`create unique index shipments_courier_per_shippable on shipments (shippable_id) where type = 'COURIER'`.execute(
    db,
  );
  // One valid drop-off code per order.
  await sql`create unique index shipments_code_per_order on shipments (order_id) where type = 'PICKUP_LABELLESS' and active`.execute(
    db,
  );
  await sql`create unique index shipments_waybill on shipments (waybill) where waybill is not null`.execute(
    db,
  );
  await sql`create index shipments_open on shipments (status) where active and waybill is not null`.execute(
    db,
  );
  await sql`create index shipments_created on shipments (created_at)`.execute(db);
  await sql`create index shipments_user on shipments (user_id)`.execute(db);

  await sql`create table tracking_events (
    id bigserial primary key,
    shipment_id uuid not null references shipments (id),
    waybill text not null,
    business_code text not null,
    description text not null,
    event_time timestamptz not null,
    depot text not null default '',
    status text,
    received_at timestamptz not null default now(),
    unique (shipment_id, business_code, event_time, depot)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tracking_events`.execute(db);
  await sql`drop table shipments`.execute(db);
  await sql`drop table shippables`.execute(db);
  await sql`drop table contacts`.execute(db);
}
