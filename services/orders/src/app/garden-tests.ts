import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { getCrop } from '@gleba/agronomy';
import {
  OrderCancelledV1,
  OrderPlacedV1,
  OrderStatusChangedV1,
  OrdersErrorCode,
  SampleRegisteredV1,
  TestShipmentConfirmedV1,
  ZAddGardenTestBody,
  type GardenTestStatus,
  type LabTestType,
  type TGardenTest,
  type TUpdateGardenTestBody,
} from '@gleba/contracts';
import { AppError, badRequest, conflict } from '@gleba/platform';
import type { z } from 'zod';
import type { Database, GardenTestsTable } from '../db/database';
import { labelWithBatch, markLabelUsed } from '../db/repositories/barcodes.repository';
import {
  findGardenTest,
  gardenTestStatus,
  insertGardenTest,
  lockGardenTest,
  lockOwnedGardenTest,
  updateGardenTestRow,
} from '../db/repositories/garden-tests.repository';
import { addHistory, historyOf } from '../db/repositories/history.repository';
import { getContact } from '../db/repositories/read-models.repository';
import { normalizeTestCode } from '../domain/codes';
import { invalidTestCombination } from '../domain/lab-tests';
import { sniffImage } from '../domain/photo';
import { gardenTestPrice } from '../domain/pricing';
import { canTransition, GARDEN_TRANSITIONS, type Actor } from '../domain/status-machine';
import type { StoredPhoto } from './complaints';
import type { Deps } from './deps';
import { illegalTransition, testNotFound } from './errors';
import { customerSnapshot, nextOrderNumber } from './farm-orders';

type Db = Kysely<Database> | Transaction<Database>;
export type GardenTestRow = Selectable<GardenTestsTable>;
type AddInput = z.output<typeof ZAddGardenTestBody>;

const cannotVerify = () =>
  new AppError(
    OrdersErrorCode.scanCannotBeVerified,
    422,
    'Scan cannot be verified (check the code and that the test was paid)',
  );

function checkCode(input: string): string {
  const code = normalizeTestCode(input);
  if (!code)
    throw badRequest(
      OrdersErrorCode.testCodeIncorrect,
      'Test code incorrect: it must have 12 to 16 letters or digits',
    );
  return code;
}

function checkDetails(d: { plantId?: string; additionalTestTypes?: LabTestType[] }) {
  if (d.plantId !== undefined && !getCrop(d.plantId))
    throw badRequest(OrdersErrorCode.unknownPlant, `Unknown plant ${d.plantId}`);
  const reason = d.additionalTestTypes ? invalidTestCombination(d.additionalTestTypes) : null;
  if (reason)
    throw new AppError(
      OrdersErrorCode.invalidTestCombination,
      400,
      `Invalid test combination: ${reason}`,
      undefined,
      { reason },
    );
}

/** A usable code: known, of a paid batch, not used yet. One answer for all three, so codes cannot be probed. */
async function usableLabel(db: Db, code: string, lock: boolean) {
  const label = await labelWithBatch(db, code, lock);
  if (!label || !label.paid || label.used_at) throw cannotVerify();
  return label;
}

/** Step one of the mobile flow: scan or type the code. */
export async function verifyBarcode(deps: Deps, input: string): Promise<{ barcode: string; valid: true }> {
  const code = checkCode(input);
  await usableLabel(deps.ctx.db, code, false);
  return { barcode: code, valid: true };
}

async function publishSample(trx: Transaction<Database>, deps: Deps, t: GardenTestRow) {
  await deps.ctx.outbox.publish(trx, SampleRegisteredV1, {
    sampleId: t.id,
    code: t.barcode,
    orderId: t.id,
    orderNumber: t.order_number,
    userId: t.user_id,
    kind: 'GARDEN',
    basicTestType: 'BASIC_TEST',
    additionalTestTypes: t.additional_test_types as LabTestType[],
    fieldName: t.garden_name,
    plantId: t.plant_id,
    cropId: null,
    sectorId: null,
    areaHa: null,
    areaAres: t.garden_area_ares,
  });
}

/** Adds a garden test from a paid, unused code (the mobile "add test" flow). */
export async function addGardenTest(
  deps: Deps,
  auth: { userId: string; email: string },
  body: AddInput,
): Promise<TGardenTest> {
  const code = checkCode(body.barcode);
  checkDetails(body);
  const contact = await getContact(deps.ctx.db, auth.userId);
  const added = await deps.ctx.db.transaction().execute(async (trx) => {
    const label = await usableLabel(trx, code, true);
    const now = new Date();
    await markLabelUsed(trx, label.id, now);
    const id = randomUUID();
    const row = await insertGardenTest(trx, {
      id,
      order_number: await nextOrderNumber(trx, 'ZG'),
      user_id: auth.userId,
      barcode_label_id: label.id,
      barcode: code,
      status: 'WAITING_FOR_SHIPMENT',
      price: gardenTestPrice(deps.prices, body.additionalTestTypes),
      garden_name: body.gardenName,
      plant_id: body.plantId,
      garden_area_ares: body.gardenAreaAres ?? null,
      location_lat: body.location?.lat ?? null,
      location_lon: body.location?.lon ?? null,
      punctures: body.punctures,
      basic_test_type: body.basicTestType,
      additional_test_types: JSON.stringify(body.additionalTestTypes),
      photo: JSON.stringify(null),
      customer: JSON.stringify(customerSnapshot(contact, auth.email)),
      samples_sent_at: null,
    });
    await addHistory(trx, 'GARDEN', id, null, 'WAITING_FOR_SHIPMENT', auth.userId);
    const at = now.toISOString();
    await deps.ctx.outbox.publish(trx, OrderPlacedV1, {
      orderId: id,
      orderNumber: row.order_number,
      userId: auth.userId,
      kind: 'GARDEN',
      type: 'STANDARD',
      paymentMethod: null,
      totalPriceGrosze: row.price,
      cropIds: [],
      sectorIds: [],
      placedAt: at,
    });
    await deps.ctx.outbox.publish(trx, OrderStatusChangedV1, {
      orderId: id,
      orderNumber: row.order_number,
      userId: auth.userId,
      kind: 'GARDEN',
      from: null,
      to: 'WAITING_FOR_SHIPMENT',
      changedByUserId: auth.userId,
      changedAt: at,
      barcode: code,
    });
    await publishSample(trx, deps, row);
    return row;
  });
  return toGardenTest(deps.ctx.db, added);
}

export async function getGardenTestRow(db: Db, id: string, ownerId?: string): Promise<GardenTestRow> {
  const row = await findGardenTest(db, id, ownerId);
  if (!row) throw testNotFound();
  return row;
}

/** Edits a test before its shipment is confirmed; afterwards (the crop above all) it is fixed. */
export async function updateGardenTest(
  deps: Deps,
  userId: string,
  id: string,
  body: TUpdateGardenTestBody,
): Promise<TGardenTest> {
  checkDetails(body);
  const updated = await deps.ctx.db.transaction().execute(async (trx) => {
    const t = await lockOwnedGardenTest(trx, id, userId);
    if (!t) throw testNotFound();
    if (t.status === 'CANCELLED')
      throw conflict(OrdersErrorCode.testCancelled, 'A cancelled test cannot be changed');
    if (t.status !== 'WAITING_FOR_SHIPMENT')
      throw conflict(
        OrdersErrorCode.testAlreadyConfirmed,
        'The shipment was confirmed: the test can no longer be changed',
      );
    const additional = body.additionalTestTypes ?? (t.additional_test_types as LabTestType[]);
    return updateGardenTestRow(trx, id, {
      ...(body.gardenName !== undefined ? { garden_name: body.gardenName } : {}),
      ...(body.plantId !== undefined ? { plant_id: body.plantId } : {}),
      ...(body.gardenAreaAres !== undefined ? { garden_area_ares: body.gardenAreaAres } : {}),
      ...(body.location !== undefined
        ? { location_lat: body.location?.lat ?? null, location_lon: body.location?.lon ?? null }
        : {}),
      ...(body.punctures !== undefined ? { punctures: body.punctures } : {}),
      ...(body.basicTestType !== undefined ? { basic_test_type: body.basicTestType } : {}),
      additional_test_types: JSON.stringify(additional),
      price: gardenTestPrice(deps.prices, additional),
      updated_at: new Date(),
    });
  });
  return toGardenTest(deps.ctx.db, updated);
}

/** The one way a garden test changes status (GARDEN_TRANSITIONS), with history and events. */
export async function transitionGardenTest(
  trx: Transaction<Database>,
  deps: Deps,
  id: string,
  to: GardenTestStatus,
  actor: Actor,
  byUserId: string | null,
  options: { ownerId?: string } = {},
): Promise<GardenTestRow> {
  const t = await lockGardenTest(trx, id);
  if (!t || (options.ownerId && t.user_id !== options.ownerId)) throw testNotFound();
  const from = t.status as GardenTestStatus;
  if (!canTransition(GARDEN_TRANSITIONS, from, to, actor)) throw illegalTransition(from, to, actor);
  const now = new Date();
  const updated = await updateGardenTestRow(trx, id, {
    status: to,
    updated_at: now,
    ...(to === 'WAITING_FOR_RESULTS' ? { samples_sent_at: now } : {}),
  });
  await addHistory(trx, 'GARDEN', id, from, to, byUserId);
  const at = now.toISOString();
  const base = { orderId: id, orderNumber: t.order_number, userId: t.user_id, kind: 'GARDEN' as const };
  await deps.ctx.outbox.publish(trx, OrderStatusChangedV1, {
    ...base,
    from,
    to,
    changedByUserId: byUserId,
    changedAt: at,
    barcode: t.barcode,
  });
  if (to === 'WAITING_FOR_RESULTS') {
    await deps.ctx.outbox.publish(trx, TestShipmentConfirmedV1, {
      testId: id,
      orderId: id,
      orderNumber: t.order_number,
      userId: t.user_id,
      kind: 'GARDEN',
      barcode: t.barcode,
      confirmedAt: at,
    });
    await publishSample(trx, deps, updated); // the final details the lab must expect
  }
  if (to === 'CANCELLED') {
    await deps.ctx.outbox.publish(trx, OrderCancelledV1, {
      ...base,
      sampleCodes: [t.barcode],
      cancelledByUserId: byUserId,
      cancelledAt: at,
    });
  }
  return updated;
}

/** The customer moves their own test: confirms its shipment, or cancels it. */
export async function changeMyGardenTestStatus(
  deps: Deps,
  userId: string,
  id: string,
  to: GardenTestStatus,
): Promise<TGardenTest> {
  const row = await deps.ctx.db
    .transaction()
    .execute((trx) => transitionGardenTest(trx, deps, id, to, 'USER', userId, { ownerId: userId }));
  return toGardenTest(deps.ctx.db, row);
}

export async function transitionGardenTestIfAllowed(
  trx: Transaction<Database>,
  deps: Deps,
  id: string,
  to: GardenTestStatus,
  actor: Actor,
): Promise<boolean> {
  const t = await gardenTestStatus(trx, id);
  if (!t || !canTransition(GARDEN_TRANSITIONS, t.status as GardenTestStatus, to, actor)) return false;
  await transitionGardenTest(trx, deps, id, to, actor, null);
  return true;
}

export interface UploadedPhoto {
  originalname: string;
  buffer: Buffer;
}

/** Stores a sample photo (an image by its first bytes, within the size limit). */
export async function savePhoto(
  deps: Deps,
  userId: string,
  id: string,
  file: UploadedPhoto | undefined,
): Promise<TGardenTest> {
  const t = await getGardenTestRow(deps.ctx.db, id, userId);
  if (!file) throw badRequest(OrdersErrorCode.photoNotImage, 'Send the photo as the multipart field "photo"');
  if (file.buffer.length > deps.ctx.config.PHOTO_MAX_BYTES) {
    throw new AppError(OrdersErrorCode.photoTooLarge, 413, 'Photo too large', undefined, {
      max: Math.round(deps.ctx.config.PHOTO_MAX_BYTES / 1048576),
    });
  }
  const kind = sniffImage(file.buffer);
  if (!kind)
    throw new AppError(OrdersErrorCode.photoNotImage, 415, 'The photo is not a JPEG, PNG or WebP image');
  if (t.status === 'CANCELLED')
    throw conflict(OrdersErrorCode.testCancelled, 'A cancelled test cannot be changed');
  if (t.status !== 'WAITING_FOR_SHIPMENT')
    throw conflict(OrdersErrorCode.testAlreadyConfirmed, 'The test can no longer be changed');
  const relative = path.join('garden-tests', id, `${randomUUID()}.${kind.ext}`);
  const absolute = path.join(deps.ctx.config.UPLOAD_DIR, relative);
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, file.buffer);
  const filename = path
    .basename(file.originalname || `photo.${kind.ext}`)
    .replace(/[^\w.\- ]/g, '_')
    .slice(0, 120);
  const updated = await updateGardenTestRow(deps.ctx.db, id, {
    photo: JSON.stringify({ filename, path: relative, mimetype: kind.mimetype }),
    updated_at: new Date(),
  });
  return toGardenTest(deps.ctx.db, updated);
}

/** The customer's own test. */
export async function myGardenTest(deps: Deps, userId: string, id: string): Promise<TGardenTest> {
  return toGardenTest(deps.ctx.db, await getGardenTestRow(deps.ctx.db, id, userId));
}

/** The photo of the customer's own test. */
export async function myGardenTestPhoto(deps: Deps, userId: string, id: string): Promise<StoredPhoto> {
  const t = await getGardenTestRow(deps.ctx.db, id, userId);
  const photo = t.photo as StoredPhoto | null;
  if (!photo) throw new AppError(OrdersErrorCode.photoNotFound, 404, 'No photo');
  return photo;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function toGardenTest(db: Db, t: GardenTestRow): Promise<TGardenTest> {
  return {
    id: t.id,
    orderNumber: t.order_number,
    userId: t.user_id,
    kind: 'GARDEN',
    barcode: t.barcode,
    barcodeLabelId: t.barcode_label_id,
    status: t.status as GardenTestStatus,
    orderDate: iso(t.created_at)!,
    price: t.price,
    gardenName: t.garden_name,
    plantId: t.plant_id,
    gardenAreaAres: t.garden_area_ares,
    location:
      t.location_lat !== null && t.location_lon !== null
        ? { lat: t.location_lat, lon: t.location_lon }
        : null,
    punctures: t.punctures,
    basicTestType: t.basic_test_type as TGardenTest['basicTestType'],
    additionalTestTypes: t.additional_test_types as LabTestType[],
    photo: t.photo as TGardenTest['photo'],
    samplesSentDate: iso(t.samples_sent_at),
    statusHistory: await historyOf(db, t.id),
  };
}
