import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';

/** Everything orders holds of a person: contact, orders, tests, kits, payments, complaints, history. */
export async function ordersDataOf(trx: Transaction<Database>, userId: string) {
  const contact = await trx
    .selectFrom('contacts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const farmOrders = await trx
    .selectFrom('farm_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const orderIds = farmOrders.map((o) => o.id);
  const samples = orderIds.length
    ? await trx.selectFrom('farm_order_samples').selectAll().where('order_id', 'in', orderIds).execute()
    : [];
  const gardenTests = await trx
    .selectFrom('garden_tests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const kitOrders = await trx
    .selectFrom('kit_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const subjects = [...orderIds, ...gardenTests.map((t) => t.id), ...kitOrders.map((k) => k.id)];
  const payments = subjects.length
    ? await trx
        .selectFrom('payments')
        .select([
          'id',
          'subject_kind',
          'subject_id',
          'amount',
          'currency',
          'status',
          'created_at',
          'verified_at',
          'ended_at',
        ])
        .where('subject_id', 'in', subjects)
        .execute()
    : [];
  const history = subjects.length
    ? await trx
        .selectFrom('status_history')
        .select(['subject_kind', 'subject_id', 'from_status', 'status', 'change_date'])
        .where('subject_id', 'in', subjects)
        .orderBy('change_date')
        .execute()
    : [];
  const complaints = await trx.selectFrom('complaints').selectAll().where('user_id', '=', userId).execute();
  const crops = await trx.selectFrom('crops').selectAll().where('user_id', '=', userId).execute();
  return { contact, farmOrders, samples, gardenTests, kitOrders, payments, history, complaints, crops };
}

/** Stored photo paths of the person's tests and complaints (files under the upload dir). */
export async function photoPathsOf(trx: Transaction<Database>, userId: string): Promise<string[]> {
  const tests = await trx.selectFrom('garden_tests').select('photo').where('user_id', '=', userId).execute();
  const complaints = await trx
    .selectFrom('complaints')
    .select('photo')
    .where('user_id', '=', userId)
    .execute();
  return [...tests, ...complaints]
    .map((r) => (r.photo as { path?: unknown } | null)?.path)
    .filter((p): p is string => typeof p === 'string');
}

export async function ordersToAnonymize(trx: Transaction<Database>, userId: string) {
  const farm = await trx
    .selectFrom('farm_orders')
    .select(['id', 'customer', 'delivery_address'])
    .where('user_id', '=', userId)
    .execute();
  const garden = await trx
    .selectFrom('garden_tests')
    .select(['id', 'customer'])
    .where('user_id', '=', userId)
    .execute();
  const kits = await trx
    .selectFrom('kit_orders')
    .select(['id', 'delivery_address'])
    .where('user_id', '=', userId)
    .execute();
  return { farm, garden, kits };
}

export async function setFarmOrderPersonal(
  trx: Transaction<Database>,
  id: string,
  customer: unknown,
  deliveryAddress: unknown,
): Promise<void> {
  await trx
    .updateTable('farm_orders')
    .set({ customer: JSON.stringify(customer), delivery_address: JSON.stringify(deliveryAddress) })
    .where('id', '=', id)
    .execute();
}

export async function setGardenTestPersonal(
  trx: Transaction<Database>,
  id: string,
  customer: unknown,
): Promise<void> {
  await trx
    .updateTable('garden_tests')
    .set({
      customer: JSON.stringify(customer),
      photo: JSON.stringify(null),
      location_lat: null,
      location_lon: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function setKitOrderAddress(
  trx: Transaction<Database>,
  id: string,
  address: unknown,
): Promise<void> {
  await trx
    .updateTable('kit_orders')
    .set({ delivery_address: JSON.stringify(address) })
    .where('id', '=', id)
    .execute();
}

/**
 * Where the person was: the outlines their farm samples were taken in and the punctures recorded
 * with the phone's position go; the samples keep their codes, crops, areas and results dates.
 */
export async function eraseSampleLocations(trx: Transaction<Database>, userId: string): Promise<number> {
  const r = await trx
    .updateTable('farm_order_samples')
    .set({ geometry: null, taken_punctures: JSON.stringify([]) })
    .where('order_id', 'in', (eb) => eb.selectFrom('farm_orders').select('id').where('user_id', '=', userId))
    .where((eb) =>
      eb.or([eb('geometry', 'is not', null), eb(sql`jsonb_array_length(taken_punctures)`, '>', 0)]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A complaint keeps its reason, status and the lab's answer; the person's words and photo go. */
export async function eraseComplaintTexts(trx: Transaction<Database>, userId: string): Promise<number> {
  const r = await trx
    .updateTable('complaints')
    .set({ text: '', photo: JSON.stringify(null) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('text', '!=', ''), eb('photo', 'is not', null)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteReadModels(trx: Transaction<Database>, userId: string) {
  const contacts = await trx.deleteFrom('contacts').where('user_id', '=', userId).executeTakeFirst();
  const crops = await trx.deleteFrom('crops').where('user_id', '=', userId).executeTakeFirst();
  return { contacts: Number(contacts.numDeletedRows), crops: Number(crops.numDeletedRows) };
}

/** The e-mail and phone number kept for `userId`, to erase them from the platform's traces. */
export async function contactNeedlesOf(trx: Transaction<Database>, userId: string) {
  return trx
    .selectFrom('contacts')
    .select(['email', 'phone_number'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
