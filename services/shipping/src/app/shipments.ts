import { randomUUID } from 'node:crypto';
import {
  CourierOrderedV1,
  DropOffCodeGeneratedV1,
  PARCEL_SIZES,
  ParcelStatusChangedV1,
  ShippingErrorCode,
  type ShipmentType,
  type TCourierAvailability,
  type TCreateShipmentBody,
  type TPickupPoint,
  type TPickupPointsQuery,
  type TShipment,
  type TShipmentSummary,
  type TShippable,
  type TShippingAddress,
} from '@gleba/contracts';
import { AppError, isPgError, PG_UNIQUE_VIOLATION } from '@gleba/platform';
import { dateIn } from '../adapters/clock';
import type { StoredAddress } from '../db/database';
import {
  findContact,
  findShippable,
  userShippables,
  type ContactRow,
  type ShippableRow,
} from '../db/repositories/read-models.repository';
import {
  blockingShipments,
  completeShipment,
  deleteShipment,
  findShipment,
  hasActiveDropOffCode,
  insertShipment,
  toShipment,
} from '../db/repositories/shipments.repository';
import { normalisePostCode, pickupDateProblem, POSTCODE } from '../domain/courier';
import { DpdError, type DpdAddress } from '../adapters/dpd.port';
import type { Deps } from './deps';

const E = ShippingErrorCode;

// ---- helpers --------------------------------------------------------------------

export function labAddress(deps: Deps): StoredAddress {
  const c = deps.config;
  return {
    name: c.LAB_NAME,
    company: c.LAB_COMPANY,
    street: c.LAB_STREET,
    postCode: c.LAB_POSTCODE,
    city: c.LAB_CITY,
    phone: c.LAB_PHONE,
    email: c.LAB_EMAIL,
  };
}

export function toDpdAddress(a: StoredAddress): DpdAddress {
  return {
    company: a.company,
    name: a.name,
    street: a.street,
    postCode: a.postCode,
    city: a.city,
    phone: a.phone ?? '',
    email: a.email,
  };
}

function senderOf(contact: ContactRow | undefined): StoredAddress {
  if (!contact || !contact.street || !contact.post_code || !contact.city || !contact.phone) {
    throw new AppError(
      E.incompleteSenderData,
      422,
      'The sender address or phone is missing: complete the profile',
    );
  }
  return {
    name: `${contact.first_name} ${contact.last_name}`.trim(),
    company: contact.company_name,
    street: contact.street,
    postCode: normalisePostCode(contact.post_code),
    city: contact.city,
    phone: contact.phone,
    email: contact.email,
  };
}

/** DPD's answer in our words: the user's mistakes as 4xx, the carrier's failures as 502. */
export function carrierFailure(error: unknown, fallback: string, message: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DpdError) {
    if (/POSTCODE/i.test(error.status) || /POSTCODE/i.test(error.message))
      return new AppError(E.invalidPostalCode, 400, 'Invalid postal code');
    return new AppError(fallback, 502, `${message}: ${error.message}`);
  }
  return new AppError(fallback, 502, `${message}: ${(error as Error).message}`);
}

async function ownShippable(deps: Deps, userId: string, shippableId: string): Promise<ShippableRow> {
  const s = await findShippable(deps.db, shippableId);
  if (!s || s.user_id !== userId || s.cancelled_at)
    throw new AppError(E.orderNotFoundForTest, 404, 'No order confirmed for shipment under this id');
  return s;
}

// ---- wizard steps ----------------------------------------------------------------

export async function listShippables(deps: Deps, userId: string): Promise<TShippable[]> {
  const rows = await userShippables(deps.db, userId);
  return rows.map((r) => ({
    shippableId: r.id,
    orderId: r.order_id,
    testId: r.test_id,
    orderNumber: r.order_number,
    kind: r.kind,
    barcode: r.barcode,
    confirmedAt: new Date(r.confirmed_at).toISOString(),
    shipmentId: r.shipment_id ?? null,
  }));
}

/** Hour windows for a pickup date and the sender's postcode (the profile's when not given). */
export async function courierAvailability(
  deps: Deps,
  userId: string,
  date: string,
  postCode: string | undefined,
): Promise<TCourierAvailability> {
  const code = normalisePostCode(postCode ?? (await findContact(deps.db, userId))?.post_code ?? '');
  if (!code && !postCode)
    throw new AppError(E.incompleteSenderData, 422, 'The sender address is missing: complete the profile');
  if (!POSTCODE.test(code)) throw new AppError(E.invalidPostalCode, 400, 'Invalid postal code');
  const problem = pickupDateProblem(
    date,
    dateIn(deps.clock.now(), deps.config.TIME_ZONE),
    deps.config.COURIER_MAX_DAYS_AHEAD,
  );
  if (problem) throw new AppError(E.pickAnotherPickupDate, 400, `Pick another pickup date (${problem})`);
  let windows: string[];
  try {
    windows = await deps.dpd.getCourierOrderAvailability({ postCode: code, date });
  } catch (error) {
    throw carrierFailure(error, E.courierOrderFailed, 'Courier availability failed');
  }
  if (windows.length === 0)
    throw new AppError(E.noTimeWindows, 422, 'No time windows for the selected day and sender postcode');
  return { date, postCode: code, timeWindows: windows };
}

/** Pickup points near coordinates, or in a city or postcode: the wizard's map and list. */
export async function searchPickupPoints(
  deps: Deps,
  query: TPickupPointsQuery,
): Promise<{ items: TPickupPoint[] }> {
  const byCoordinates = query.lat !== undefined && query.lng !== undefined;
  if (!byCoordinates && !query.city && !query.postCode) {
    throw new AppError(E.pickupPointSearchInvalid, 400, 'Give a city, a postcode, or lat and lng');
  }
  let postCode: string | undefined;
  if (query.postCode) {
    postCode = normalisePostCode(query.postCode);
    if (!POSTCODE.test(postCode)) throw new AppError(E.invalidPostalCode, 400, 'Invalid postal code');
  }
  try {
    const items = byCoordinates
      ? await deps.dpd.findPickupPoints({
          kind: 'coordinates',
          lat: query.lat!,
          lng: query.lng!,
          radiusKm: query.radiusKm,
        })
      : await deps.dpd.findPickupPoints({ kind: 'city', city: query.city, postCode });
    return { items: items.slice(0, query.limit) };
  } catch (error) {
    throw carrierFailure(error, E.carrierError, 'Pickup point search failed');
  }
}

export async function findPickupPoint(deps: Deps, id: string): Promise<TPickupPoint> {
  let point;
  try {
    point = await deps.dpd.getPickupPoint(id);
  } catch (error) {
    throw carrierFailure(error, E.carrierError, 'Pickup point lookup failed');
  }
  if (!point) throw new AppError(E.pickupPointNotFound, 404, 'Pickup point not found');
  return point;
}

interface Plan {
  shippable: ShippableRow;
  type: ShipmentType;
  sender: StoredAddress;
  summary: TShipmentSummary;
}

/** Checks every choice of the wizard without side effects: the summary step. */
export async function plan(deps: Deps, userId: string, body: TCreateShipmentBody): Promise<Plan> {
  const shippable = await ownShippable(deps, userId, body.shippableId);
  const existing = await blockingShipments(deps.db, shippable.id);
  if (body.method === 'COURIER' && existing.some((s) => s.type === 'COURIER')) {
    throw new AppError(E.courierAlreadyOrdered, 409, 'A courier has already been ordered for this test');
  }
  if (existing.some((s) => s.active))
    throw new AppError(E.shipmentAlreadyExists, 409, 'A shipment already exists for this test');

  const type: ShipmentType =
    body.method === 'COURIER' ? 'COURIER' : body.withLabel ? 'PICKUP' : 'PICKUP_LABELLESS';
  if (type === 'COURIER' && !body.withLabel)
    throw new AppError(E.courierRequiresLabel, 400, 'A courier pickup needs a label');
  if (type === 'PICKUP_LABELLESS') {
    if (await hasActiveDropOffCode(deps.db, shippable.order_id))
      throw new AppError(
        E.dropOffCodeAlreadyGenerated,
        409,
        'The drop-off code of this order is still valid',
      );
  }
  const sender = senderOf(await findContact(deps.db, userId));
  if (!POSTCODE.test(sender.postCode)) throw new AppError(E.invalidPostalCode, 400, 'Invalid postal code');

  let courier: TShipmentSummary['courier'] = null;
  if (type === 'COURIER') {
    const { date, timeWindow } = body.courier!;
    const available = await courierAvailability(deps, userId, date, sender.postCode);
    if (!available.timeWindows.includes(timeWindow)) {
      throw new AppError(
        E.noTimeWindows,
        422,
        `No courier in ${timeWindow} on ${date} for ${sender.postCode}`,
      );
    }
    courier = { date, timeWindow };
  }
  let pickupPoint: TPickupPoint | null = null;
  if (type === 'PICKUP' && !body.pickupPointId)
    throw new AppError(E.pickupPointNotFound, 400, 'Choose a pickup point');
  if (type !== 'COURIER' && body.pickupPointId) pickupPoint = await findPickupPoint(deps, body.pickupPointId);

  const size = PARCEL_SIZES[body.size];
  return {
    shippable,
    type,
    sender,
    summary: {
      shippableId: shippable.id,
      orderNumber: shippable.order_number,
      shipmentType: type,
      size: body.size,
      maxWeightKg: size.maxWeightKg,
      sizeCm: size.sizeCm,
      withLabel: type !== 'PICKUP_LABELLESS',
      sender: sender as TShippingAddress,
      receiver: labAddress(deps) as TShippingAddress,
      courier,
      pickupPoint,
      carrier: 'DPD',
    },
  };
}

export async function summarize(
  deps: Deps,
  userId: string,
  body: TCreateShipmentBody,
): Promise<TShipmentSummary> {
  return (await plan(deps, userId, body)).summary;
}

/**
 * The final confirmation: reserve the shipment (the unique indexes keep one courier per test
 * and one shipment under way), then ask DPD for the waybill, the courier and the drop-off code,
 * and record the outcome with its events in one transaction. A DPD failure frees the reservation.
 */
export async function confirm(deps: Deps, userId: string, body: TCreateShipmentBody): Promise<TShipment> {
  const p = await plan(deps, userId, body);
  const s = p.shippable;
  const id = randomUUID();
  const now = deps.clock.now();
  try {
    await insertShipment(deps.db, {
      id,
      shippable_id: s.id,
      order_id: s.order_id,
      test_id: s.test_id,
      user_id: s.user_id,
      kind: s.kind,
      order_number: s.order_number,
      barcode: s.barcode,
      type: p.type,
      size: body.size,
      with_label: p.summary.withLabel,
      sender: JSON.stringify(p.sender),
      pickup_point: JSON.stringify(p.summary.pickupPoint),
      courier_date: p.summary.courier?.date ?? null,
      courier_window: p.summary.courier?.timeWindow ?? null,
      created_at: now,
      status_changed_at: now,
    });
  } catch (error) {
    if (isPgError(error, PG_UNIQUE_VIOLATION)) {
      const constraint = (error as { constraint?: string }).constraint;
      if (constraint === 'shipments_courier_per_shippable')
        throw new AppError(E.courierAlreadyOrdered, 409, 'A courier has already been ordered for this test');
      if (constraint === 'shipments_code_per_order')
        throw new AppError(
          E.dropOffCodeAlreadyGenerated,
          409,
          'The drop-off code of this order is still valid',
        );
      throw new AppError(E.shipmentAlreadyExists, 409, 'A shipment already exists for this test');
    }
    throw error;
  }

  const release = async () => {
    await deleteShipment(deps.db, id);
  };
  const size = PARCEL_SIZES[body.size];
  let waybill: string;
  let packageId: string;
  let shippingCost: number | null;
  try {
    const generated = await deps.dpd.generatePackagesNumbers({
      reference: s.barcode ?? s.order_number,
      sender: toDpdAddress(p.sender),
      receiver: toDpdAddress(labAddress(deps)),
      pickupPointId: null,
      parcels: [
        {
          weightKg: size.maxWeightKg,
          sizeCm: size.sizeCm,
          content: 'Próbki gleby',
          reference: s.barcode ?? s.order_number,
        },
      ],
    });
    waybill = generated.waybills[0]!;
    packageId = generated.packageId;
    shippingCost = generated.priceGrosze;
  } catch (error) {
    await release();
    deps.logger.warn({ err: error, shippableId: s.id }, 'DPD refused the parcel');
    throw carrierFailure(error, E.sampleDeliveryFailed, 'Sample delivery failed');
  }

  let courierOrder: { orderNumber: string; checkSum: string | null } | null = null;
  let dropOff: { code: string; expiresAt: Date } | null = null;
  try {
    if (p.type === 'COURIER') {
      courierOrder = await deps.dpd.packagesPickupCall({
        operation: 'INSERT',
        date: p.summary.courier!.date,
        timeWindow: p.summary.courier!.timeWindow,
        sender: toDpdAddress(p.sender),
        parcelsCount: 1,
        weightKg: size.maxWeightKg,
      });
    }
  } catch (error) {
    await release();
    deps.logger.warn({ err: error, shippableId: s.id }, 'DPD refused the courier order');
    throw carrierFailure(error, E.courierOrderFailed, 'Courier order failed');
  }
  try {
    if (p.type === 'PICKUP_LABELLESS') {
      const pin = await deps.dpd.generateDropOffPin({ waybill });
      // Our clock decides expiry (spec: 14 days), so the job and the screens agree.
      dropOff = {
        code: pin.pin,
        expiresAt: new Date(now.getTime() + deps.config.DROP_OFF_CODE_VALID_DAYS * 86_400_000),
      };
    }
  } catch (error) {
    await release();
    deps.logger.warn({ err: error, shippableId: s.id }, 'DPD refused the drop-off code');
    throw carrierFailure(error, E.sampleDeliveryFailed, 'Drop-off code failed');
  }

  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await completeShipment(trx, id, {
      waybill,
      package_id: packageId,
      shipping_cost: shippingCost,
      courier_order_number: courierOrder?.orderNumber ?? null,
      courier_checksum: courierOrder?.checkSum ?? null,
      drop_off_code: dropOff?.code ?? null,
      drop_off_expires_at: dropOff?.expiresAt ?? null,
    });
    const base = { shipmentId: id, orderId: s.order_id, testId: s.test_id, userId: s.user_id };
    await deps.outbox.publish(trx, ParcelStatusChangedV1, {
      ...base,
      waybill,
      shipmentType: p.type,
      from: null,
      to: 'CREATED',
      at: now.toISOString(),
    });
    if (courierOrder) {
      await deps.outbox.publish(trx, CourierOrderedV1, {
        ...base,
        waybill,
        pickupDate: p.summary.courier!.date,
        timeWindow: p.summary.courier!.timeWindow,
        courierOrderNumber: courierOrder.orderNumber,
      });
    }
    if (dropOff) {
      await deps.outbox.publish(trx, DropOffCodeGeneratedV1, {
        ...base,
        code: dropOff.code,
        expiresAt: dropOff.expiresAt.toISOString(),
      });
    }
    return updated;
  });
  return toShipment(row, deps.clock.now());
}

export async function ownShipment(deps: Deps, userId: string, id: string) {
  const row = await findShipment(deps.db, id);
  if (!row || row.user_id !== userId) throw new AppError(E.shipmentNotFound, 404, 'Shipment not found');
  return row;
}
