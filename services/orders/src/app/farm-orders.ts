import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  PUNCTURES_PER_SAMPLE,
  OrderCancelledV1,
  OrderPaidV1,
  OrderPlacedV1,
  OrderStatusChangedV1,
  OrdersErrorCode,
  pageMeta,
  SampleRegisteredV1,
  type FarmOrderStatus,
  type PaymentMethod,
  type TDeliveryAddress,
  type TFarmOrder,
  type TQuote,
  ZCreateOrderBody,
  ZQuoteBody,
} from '@gleba/contracts';
import { AppError, badRequest, conflict, isPgError, PG_UNIQUE_VIOLATION } from '@gleba/platform';
import type { z } from 'zod';
import type { Database, FarmOrdersTable, FarmOrderSamplesTable, Outline } from '../db/database';
import {
  farmOrdersPageOfUser,
  farmOrderStatus,
  findFarmOrder,
  insertFarmOrder,
  insertFarmOrderSample,
  lockFarmOrder,
  nextOrderNumberValue,
  releaseSampleCode,
  rollbackToSampleCode,
  samplesOfOrder,
  savepointSampleCode,
  sectorsInActiveOrders,
  setFarmOrderPaid,
  updateFarmOrderRow,
} from '../db/repositories/farm-orders.repository';
import { addHistory, historyOf } from '../db/repositories/history.repository';
import { cropsOfUser, getContact, type Contact } from '../db/repositories/read-models.repository';
import { newSampleCode, orderNumber } from '../domain/codes';
import { invalidTestCombination } from '../domain/lab-tests';
import { quote, type QuoteSample } from '../domain/pricing';
import { canTransition, FARM_TRANSITIONS, type Actor } from '../domain/status-machine';
import type { Deps } from './deps';
import { bankTransfer } from './payments';
import { illegalTransition, orderNotFound } from './errors';
import { endOpenSessions, refundPaidOrder } from './payments';

type Db = Kysely<Database> | Transaction<Database>;
type QuoteInput = z.output<typeof ZQuoteBody>;
type CreateInput = z.output<typeof ZCreateOrderBody>;

export type FarmOrderRow = Selectable<FarmOrdersTable>;
type SampleRow = Selectable<FarmOrderSamplesTable>;

/** Active orders keep their sectors: a sector cannot be in two of them at once. */
const ACTIVE_EXCLUDED: FarmOrderStatus[] = ['ORDER_COMPLETED', 'RESULTS_UPDATED', 'ORDER_CANCELLED'];

export function customerSnapshot(contact: Contact | null, fallbackEmail: string) {
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    email: contact?.email ?? fallbackEmail,
    phoneNumber: contact?.phoneNumber ?? null,
    companyName: contact?.companyName ?? null,
    taxNumber: contact?.taxNumber ?? null,
  };
}

/** The samples of an order: one per chosen sector, or one for an undivided crop. */
async function resolveSamples(db: Db, userId: string, body: QuoteInput): Promise<QuoteSample[]> {
  const ids = [...new Set(body.crops.map((c) => c.cropId))];
  if (ids.length !== body.crops.length)
    throw badRequest(OrdersErrorCode.orderCropNotFound, 'A crop is chosen twice');
  const crops = new Map((await cropsOfUser(db, userId, ids)).map((c) => [c.cropId, c]));
  const samples: QuoteSample[] = [];
  for (const choice of body.crops) {
    const crop = crops.get(choice.cropId);
    if (!crop) throw new AppError(OrdersErrorCode.orderCropNotFound, 404, `Crop ${choice.cropId} not found`);
    const base = {
      cropId: crop.cropId,
      fieldName: crop.fieldName,
      plantId: crop.plantId,
      plotNumbers: crop.plotNumbers,
    };
    if (crop.sectors.length === 0) {
      if (choice.sectorIds?.length)
        throw new AppError(OrdersErrorCode.orderSectorNotFound, 404, 'This crop has no sectors');
      samples.push({ ...base, sectorId: null, sectorName: null, areaHa: crop.areaHa });
      continue;
    }
    const chosen = choice.sectorIds ? [...new Set(choice.sectorIds)] : crop.sectors.map((s) => s.sectorId);
    for (const sectorId of chosen) {
      const sector = crop.sectors.find((s) => s.sectorId === sectorId);
      if (!sector)
        throw new AppError(
          OrdersErrorCode.orderSectorNotFound,
          404,
          `Sector ${sectorId} not found in crop ${crop.cropId}`,
        );
      samples.push({ ...base, sectorId, sectorName: sector.name, areaHa: sector.areaHa });
    }
  }
  return samples;
}

function checkTests(body: QuoteInput) {
  const reason = invalidTestCombination(body.additionalTests);
  if (reason)
    throw new AppError(
      OrdersErrorCode.invalidTestCombination,
      400,
      `Invalid test combination: ${reason}`,
      undefined,
      { reason },
    );
  const { min, max } = PUNCTURES_PER_SAMPLE;
  if (body.puncturesPerSector < min)
    throw new AppError(
      OrdersErrorCode.tooFewPunctures,
      400,
      `At least ${min} punctures per sample`,
      undefined,
      { min },
    );
  if (body.puncturesPerSector > max)
    throw new AppError(
      OrdersErrorCode.tooManyPunctures,
      400,
      `At most ${max} punctures per sample`,
      undefined,
      { max },
    );
}

export async function buildQuote(deps: Deps, userId: string, body: QuoteInput): Promise<TQuote> {
  checkTests(body);
  const samples = await resolveSamples(deps.ctx.db, userId, body);
  return quote(deps.prices, { ...body, samples });
}

async function nextOrderNumber(trx: Db, prefix: 'ZF' | 'ZG' | 'ZK'): Promise<string> {
  const n = await nextOrderNumberValue(trx);
  return orderNumber(prefix, n);
}
export { nextOrderNumber };

function addressFromContact(contact: Contact | null): TDeliveryAddress | null {
  const a = contact?.address as Partial<TDeliveryAddress> | null | undefined;
  if (!a || !a.cityName || !a.postCode || !a.streetName || !a.buildingNumber) return null;
  return {
    recipient: `${contact!.firstName} ${contact!.lastName}`.trim() || undefined,
    voivodeship: a.voivodeship ?? null,
    cityName: a.cityName,
    postCode: a.postCode,
    streetName: a.streetName,
    buildingNumber: a.buildingNumber,
    apartmentNumber: a.apartmentNumber ?? null,
  };
}

/** Places a farm order (the wizard's last step). Payment is started by the caller after commit. */
export async function placeFarmOrder(
  deps: Deps,
  auth: { userId: string; email: string },
  body: CreateInput,
): Promise<FarmOrderRow> {
  checkTests(body);
  const contact = await getContact(deps.ctx.db, auth.userId);
  if (!contact?.isDataComplete)
    throw new AppError(
      OrdersErrorCode.incompleteUserData,
      409,
      'Incomplete user data: complete your profile before ordering',
    );
  const deliveryAddress = body.deliveryAddress ?? addressFromContact(contact);
  if (!deliveryAddress)
    throw new AppError(OrdersErrorCode.incompleteUserData, 409, 'Incomplete user data: no delivery address');

  return deps.ctx.db.transaction().execute(async (trx) => {
    const samples = await resolveSamples(trx, auth.userId, body);
    const priced = quote(deps.prices, { ...body, samples });
    const sectorIds = samples.map((s) => s.sectorId).filter((x): x is string => x !== null);
    if (sectorIds.length) {
      const taken = await sectorsInActiveOrders(trx, sectorIds, ACTIVE_EXCLUDED);
      if (taken.length)
        throw conflict(
          OrdersErrorCode.sectorAlreadyOrdered,
          `Sector ${taken[0]!.sector_id} is already tested in an active order`,
        );
    }
    const id = randomUUID();
    const number = await nextOrderNumber(trx, 'ZF');
    const deferred = body.paymentMethod === 'DEFERRED_BANK_TRANSFER';
    const row = await insertFarmOrder(trx, {
      id,
      order_number: number,
      user_id: auth.userId,
      type: body.type,
      status: 'PENDING_PAYMENT',
      payment_method: body.paymentMethod,
      payment_status: 'PENDING',
      payment_due_date: deferred
        ? new Date(Date.now() + deps.ctx.config.PAYMENT_DUE_DAYS * 86_400_000)
        : null,
      paid_at: null,
      number_of_samples: priced.numberOfSamples,
      total_area_ha: priced.totalAreaHa,
      punctures_per_sector: body.puncturesPerSector,
      basic_tests: JSON.stringify(['BASIC_TEST']),
      additional_tests: JSON.stringify(body.additionalTests),
      equipment: JSON.stringify([...new Set(body.equipment)]),
      basic_tests_price: priced.basicTestsPrice,
      additional_tests_price: priced.additionalTestsPrice,
      equipment_price: priced.equipmentPrice,
      basic_tests_discount: priced.basicTestsDiscount,
      total_price: priced.totalPrice,
      quote: JSON.stringify(priced),
      delivery_address: JSON.stringify(deliveryAddress),
      customer: JSON.stringify(customerSnapshot(contact, auth.email)),
      samples_sent_at: null,
    });
    const outlines = await sampleOutlines(trx, auth.userId, samples);
    for (const [i, s] of samples.entries())
      await insertSample(trx, id, i + 1, s, body.puncturesPerSector, outlines[i] ?? null);
    await addHistory(trx, 'FARM', id, null, 'PENDING_PAYMENT', auth.userId);
    const now = new Date().toISOString();
    const transfer =
      body.paymentMethod === 'ONLINE_BANK_TRANSFER'
        ? null
        : bankTransfer(deps, number, priced.totalPrice, row.payment_due_date);
    await deps.ctx.outbox.publish(trx, OrderPlacedV1, {
      orderId: id,
      orderNumber: number,
      userId: auth.userId,
      kind: 'FARM',
      type: body.type,
      paymentMethod: body.paymentMethod,
      totalPriceGrosze: priced.totalPrice,
      cropIds: [...new Set(samples.map((s) => s.cropId))],
      sectorIds,
      placedAt: now,
    });
    await deps.ctx.outbox.publish(trx, OrderStatusChangedV1, {
      orderId: id,
      orderNumber: number,
      userId: auth.userId,
      kind: 'FARM',
      from: null,
      to: 'PENDING_PAYMENT',
      changedByUserId: auth.userId,
      changedAt: now,
      barcode: null,
      // A bank transfer's details go with the message that asks for it.
      transfer: transfer && {
        amountGrosze: transfer.amount,
        accountNumber: transfer.accountNumber,
        recipient: transfer.recipient,
        transferTitle: transfer.transferTitle,
        dueDate: transfer.dueDate,
      },
    });
    // A deferred transfer is credit: the order is accepted at once and paid by its due date.
    if (deferred) return transitionFarmOrder(trx, deps, id, 'PAYMENT_CONFIRMED', 'PAYMENT', null);
    return row;
  });
}

/** Each sample's outline from the crops read model: its sector's, or the undivided crop's. */
async function sampleOutlines(db: Db, userId: string, samples: QuoteSample[]): Promise<(Outline | null)[]> {
  const crops = new Map(
    (await cropsOfUser(db, userId, [...new Set(samples.map((s) => s.cropId))])).map((c) => [c.cropId, c]),
  );
  return samples.map((s) => {
    const crop = crops.get(s.cropId);
    if (!crop) return null;
    if (s.sectorId === null) return crop.geometry;
    return crop.sectors.find((x) => x.sectorId === s.sectorId)?.geometry ?? null;
  });
}

async function insertSample(
  trx: Transaction<Database>,
  orderId: string,
  n: number,
  s: QuoteSample,
  punctures: number,
  outline: Outline | null,
) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      // A savepoint makes a (very unlikely) code collision retryable inside the transaction.
      await savepointSampleCode(trx);
      await insertFarmOrderSample(trx, {
        id: randomUUID(),
        order_id: orderId,
        sample_number: n,
        code: newSampleCode(),
        crop_id: s.cropId,
        sector_id: s.sectorId,
        field_name: s.fieldName,
        sector_name: s.sectorName,
        plant_id: s.plantId,
        plot_numbers: JSON.stringify(s.plotNumbers),
        area_ha: s.areaHa,
        punctures,
        geometry: outline ? JSON.stringify(outline) : null,
      });
      await releaseSampleCode(trx);
      return;
    } catch (error) {
      if (!isPgError(error, PG_UNIQUE_VIOLATION) || attempt >= 5) throw error;
      await rollbackToSampleCode(trx);
    }
  }
}

export async function samplesOf(db: Db, orderId: string): Promise<SampleRow[]> {
  return samplesOfOrder(db, orderId);
}

/**
 * The one way a farm order changes status: checked against FARM_TRANSITIONS, recorded in the
 * history, published. Entering PAYMENT_CONFIRMED registers the samples with the lab.
 */
export async function transitionFarmOrder(
  trx: Transaction<Database>,
  deps: Deps,
  orderId: string,
  to: FarmOrderStatus,
  actor: Actor,
  byUserId: string | null,
  options: { ownerId?: string; trackingNumber?: string } = {},
): Promise<FarmOrderRow> {
  const order = await lockFarmOrder(trx, orderId);
  if (!order || (options.ownerId && order.user_id !== options.ownerId)) throw orderNotFound();
  const from = order.status as FarmOrderStatus;
  if (!canTransition(FARM_TRANSITIONS, from, to, actor)) throw illegalTransition(from, to, actor);
  const now = new Date();
  const updated = await updateFarmOrderRow(trx, orderId, {
    status: to,
    updated_at: now,
    ...(to === 'SAMPLES_SENT' ? { samples_sent_at: now } : {}),
    ...(to === 'KIT_SENT' ? { kit_sent_at: now } : {}),
  });
  await addHistory(trx, 'FARM', orderId, from, to, byUserId);
  const at = now.toISOString();
  const base = { orderId, orderNumber: order.order_number, userId: order.user_id, kind: 'FARM' as const };
  await deps.ctx.outbox.publish(trx, OrderStatusChangedV1, {
    ...base,
    from,
    to,
    changedByUserId: byUserId,
    changedAt: at,
    barcode: null,
    ...(to === 'KIT_SENT' && options.trackingNumber ? { trackingNumber: options.trackingNumber } : {}),
  });
  const samples = to === 'PAYMENT_CONFIRMED' || to === 'ORDER_CANCELLED' ? await samplesOf(trx, orderId) : [];
  if (to === 'PAYMENT_CONFIRMED') {
    for (const s of samples) {
      await deps.ctx.outbox.publish(trx, SampleRegisteredV1, {
        sampleId: s.id,
        code: s.code,
        ...base,
        basicTestType: 'BASIC_TEST',
        additionalTestTypes: order.additional_tests as never,
        fieldName: s.sector_name ? `${s.field_name} / ${s.sector_name}` : s.field_name,
        plantId: s.plant_id,
        cropId: s.crop_id,
        sectorId: s.sector_id,
        areaHa: s.area_ha,
        areaAres: null,
      });
    }
  }
  if (to === 'ORDER_CANCELLED') {
    // A cancelled order ends its payment sessions; a payment that still arrives, or one already
    // made, is to be refunded: an order is never "cancelled and paid".
    const subject = {
      kind: 'FARM' as const,
      id: orderId,
      orderNumber: order.order_number,
      userId: order.user_id,
    };
    await endOpenSessions(trx, deps, subject, 'CANCELLED');
    if (order.payment_status === 'PAID') await refundPaidOrder(trx, deps, subject, order.total_price);
    await deps.ctx.outbox.publish(trx, OrderCancelledV1, {
      ...base,
      sampleCodes: samples.map((s) => s.code),
      cancelledByUserId: byUserId,
      cancelledAt: at,
    });
  }
  return updated;
}

/** The customer moves their own order: cancels it, or reports collecting started or completed. */
export async function changeMyFarmOrderStatus(
  deps: Deps,
  userId: string,
  orderId: string,
  to: FarmOrderStatus,
): Promise<TFarmOrder> {
  const row = await deps.ctx.db
    .transaction()
    .execute((trx) => transitionFarmOrder(trx, deps, orderId, to, 'USER', userId, { ownerId: userId }));
  return toFarmOrder(deps.ctx.db, row);
}

/** Applies a transition only when the table allows it (event consumers: late or repeated events). */
export async function transitionFarmOrderIfAllowed(
  trx: Transaction<Database>,
  deps: Deps,
  orderId: string,
  to: FarmOrderStatus,
  actor: Actor,
): Promise<boolean> {
  const order = await farmOrderStatus(trx, orderId);
  if (!order || !canTransition(FARM_TRANSITIONS, order.status as FarmOrderStatus, to, actor)) return false;
  await transitionFarmOrder(trx, deps, orderId, to, actor, null);
  return true;
}

/** Records a payment: PAID, then (when still awaiting it) PAYMENT_CONFIRMED. False when already paid. */
export async function markFarmOrderPaid(
  trx: Transaction<Database>,
  deps: Deps,
  orderId: string,
  byUserId: string | null,
): Promise<boolean> {
  const order = await lockFarmOrder(trx, orderId);
  if (!order) throw orderNotFound();
  if (order.payment_status === 'PAID') return false;
  const paidAt = new Date();
  await setFarmOrderPaid(trx, orderId, paidAt);
  await deps.ctx.outbox.publish(trx, OrderPaidV1, {
    orderId,
    orderNumber: order.order_number,
    userId: order.user_id,
    kind: 'FARM',
    paymentMethod: order.payment_method as PaymentMethod,
    amountGrosze: order.total_price,
    paidAt: paidAt.toISOString(),
  });
  if (order.status === 'PENDING_PAYMENT')
    await transitionFarmOrder(trx, deps, orderId, 'PAYMENT_CONFIRMED', 'PAYMENT', byUserId);
  return true;
}

export async function getFarmOrderRow(db: Db, orderId: string, ownerId?: string): Promise<FarmOrderRow> {
  const row = await findFarmOrder(db, orderId, ownerId);
  if (!row) throw orderNotFound();
  return row;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function toFarmOrder(db: Db, row: FarmOrderRow): Promise<TFarmOrder> {
  const [samples, statusHistory] = await Promise.all([samplesOf(db, row.id), historyOf(db, row.id)]);
  const equipment = row.equipment as TFarmOrder['equipment'];
  const sampler = equipment.includes('SAMPLER');
  return {
    id: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    kind: 'FARM',
    type: row.type as TFarmOrder['type'],
    status: row.status as FarmOrderStatus,
    orderDate: iso(row.created_at)!,
    paymentMethod: row.payment_method as PaymentMethod,
    paymentStatus: row.payment_status as TFarmOrder['paymentStatus'],
    paymentDueDate: iso(row.payment_due_date),
    paidAt: iso(row.paid_at),
    numberOfSamples: row.number_of_samples,
    totalAreaHa: row.total_area_ha,
    basicTests: row.basic_tests as TFarmOrder['basicTests'],
    additionalTests: row.additional_tests as TFarmOrder['additionalTests'],
    equipment,
    sampler,
    samplerStatus: sampler ? 'ORDERED' : 'NO_ORDER',
    basicTestsPrice: row.basic_tests_price,
    additionalTestsPrice: row.additional_tests_price,
    equipmentPrice: row.equipment_price,
    basicTestsDiscount: row.basic_tests_discount,
    totalPrice: row.total_price,
    deliveryAddress: row.delivery_address as TDeliveryAddress,
    samplesSentDate: iso(row.samples_sent_at),
    samples: samples.map((s) => ({
      id: s.id,
      sampleNumber: s.sample_number,
      code: s.code,
      cropId: s.crop_id,
      sectorId: s.sector_id,
      fieldName: s.field_name,
      sectorName: s.sector_name,
      plantId: s.plant_id,
      plotNumbers: s.plot_numbers,
      areaHa: s.area_ha,
      punctures: s.punctures,
      puncturesTaken: s.taken_punctures.length,
    })),
    statusHistory,
  };
}

/** The customer's farm orders, newest first, one page. */
export async function myFarmOrders(deps: Deps, userId: string, query: { page: number; perPage: number }) {
  const db = deps.ctx.db;
  const { rows, count } = await farmOrdersPageOfUser(db, userId, query.page, query.perPage);
  return {
    items: await Promise.all(rows.map((o) => toFarmOrder(db, o))),
    meta: pageMeta(query.page, query.perPage, count),
  };
}
