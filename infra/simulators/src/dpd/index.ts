import express, { type Request, type Response } from 'express';
import { listen, type SimulatorHandle } from '../simulator';
import { renderLabels, renderProtocol, type LabelParcel } from './documents';
import { journeyEvents, journeySteps, type DpdJourney } from './journey';

export { DPD_CODES, journeySteps, type DpdJourney } from './journey';

/**
 * DPD Polska simulator: DPDServices (shipment), courier, tracking (DPDInfoServices) and pickup
 * points on one port, JSON under the documented operation names. The real courier and tracking
 * services are SOAP and pickup points are XML over GET: see README.md for the mapping.
 */

export type DpdOperation =
  | 'generatePackagesNumbers'
  | 'generateSpedLabels'
  | 'generateProtocol'
  | 'generateDropOffPin'
  | 'getCourierOrderAvailability'
  | 'packagesPickupCall'
  | 'getEventsForWaybill'
  | 'pudo';

/** A business error DPD answers with HTTP 200: at the request, package or parcel level. */
export interface DpdScriptedFailure {
  level: 'request' | 'package' | 'parcel';
  status: string;
  message?: string;
  /** Only for a call about this waybill (tracking, labels, drop-off pin), so a poller cannot take it. */
  waybill?: string;
}

export interface DpdTrackingEvent {
  businessCode: string;
  description: string;
  /** ISO date-time. */
  eventTime: string;
  depot: string | null;
}

export interface DpdPickupPoint {
  id: string;
  name: string;
  street: string;
  postCode: string;
  city: string;
  lat: number;
  lng: number;
  openingHours: { day: number; open: string; close: string }[];
}

export interface DpdSimulatorOptions {
  port?: number;
  login?: string;
  password?: string;
  fid?: string;
  /** Key of the pickup point service (MyPudo). */
  pudoKey?: string;
  /**
   * Tracking that moves: every generated parcel goes through DPD's sequence, one step per this
   * many milliseconds of the simulator's clock (`journey.ts`). 0 (the default; `npm start` sets
   * `DPD_SIM_TRACKING_STEP_MS`): only the events pushed with `pushEvents` exist.
   */
  trackingStepMs?: number;
}

interface ParcelState {
  waybill: string;
  packageId: number;
  reference: string | null;
  sender: LabelParcel['sender'];
  receiver: LabelParcel['receiver'];
  weightKg: number;
  pickupPointId: string | null;
  returnOf: string | null;
  createdAt: string;
  /** Which way its tracking goes (DELIVERED unless set with `journey`). */
  journey: DpdJourney;
}

/** DPD's price of one parcel in grosze (the simulator's price list: by weight, cheaper via DPD Pickup). */
export function dpdPrice(weightKg: number, pickupPoint: boolean): number {
  const base = weightKg <= 5 ? 1599 : weightKg <= 10 ? 1899 : weightKg <= 20 ? 2399 : 2999;
  return pickupPoint ? base - 300 : base;
}

export interface CourierBooking {
  orderNumber: string;
  checkSum: string;
  pickupDate: string;
  timeFrom: string;
  timeTo: string;
  postCode: string;
  parcelsCount: number;
  cancelled: boolean;
}

export interface DpdSimulatorHandle extends SimulatorHandle {
  login: string;
  password: string;
  fid: string;
  pudoKey: string;
  /** Waybills generated so far. */
  parcels(): ParcelState[];
  bookings(): CourierBooking[];
  /** Appends tracking events exactly as given (repeats and any order are allowed). */
  pushEvents(waybill: string, events: DpdTrackingEvent[]): void;
  /** The way a parcel's moving tracking goes: delivered, an exception then delivered, or returned. */
  journey(waybill: string, journey: DpdJourney): void;
  /** Moves the simulator's tracking clock forward. */
  advanceClock(ms: number): void;
  /** The simulator's tracking clock (epoch ms). */
  now(): number;
  /** The next call of `operation` answers HTTP 200 with this error (once per call of failNext). */
  failNext(operation: DpdOperation, failure: DpdScriptedFailure): void;
  /** Drops the scripted failures not used yet (of one operation, or all). */
  clearFailures(operation?: DpdOperation): void;
  /** Postcodes for which no courier windows exist. */
  noWindowsFor(postCode: string): void;
  /** Postcodes DPD does not know (answered as INCORRECT_POSTCODE). */
  unknownPostCode(postCode: string): void;
  /** Every request received, for assertions (operation and body). */
  calls(): { operation: string; body: unknown }[];
  reset(): void;
}

const DEFAULT_WINDOWS = ['08:00-11:00', '10:00-13:00', '13:00-16:00'];

const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ day, open: '08:00', close: '20:00' }));
const SATURDAY = { day: 6, open: '09:00', close: '14:00' };

export const DPD_PICKUP_POINTS: DpdPickupPoint[] = [
  {
    id: 'PL11033',
    name: 'Żabka Marszałkowska',
    street: 'Marszałkowska 10',
    postCode: '00-590',
    city: 'Warszawa',
    lat: 52.2206,
    lng: 21.0176,
    openingHours: [...WEEKDAYS, SATURDAY],
  },
  {
    id: 'PL11058',
    name: 'DPD Pickup Mokotów',
    street: 'Puławska 145',
    postCode: '02-715',
    city: 'Warszawa',
    lat: 52.1925,
    lng: 21.0231,
    openingHours: WEEKDAYS,
  },
  {
    id: 'PL11071',
    name: 'Kiosk Praga',
    street: 'Targowa 72',
    postCode: '03-734',
    city: 'Warszawa',
    lat: 52.2537,
    lng: 21.0378,
    openingHours: [...WEEKDAYS, SATURDAY, { day: 7, open: '10:00', close: '14:00' }],
  },
  {
    id: 'PL30512',
    name: 'DPD Pickup Rynek',
    street: 'Rynek Główny 1',
    postCode: '31-042',
    city: 'Kraków',
    lat: 50.0617,
    lng: 19.9373,
    openingHours: [...WEEKDAYS, SATURDAY],
  },
  {
    id: 'PL61001',
    name: 'Stacja Poznań Centrum',
    street: 'Półwiejska 2',
    postCode: '61-888',
    city: 'Poznań',
    lat: 52.4014,
    lng: 16.9262,
    openingHours: WEEKDAYS,
  },
  {
    id: 'PL20045',
    name: 'Sklep Lubelska',
    street: 'Krakowskie Przedmieście 20',
    postCode: '20-002',
    city: 'Lublin',
    lat: 51.2484,
    lng: 22.5617,
    openingHours: [...WEEKDAYS, SATURDAY],
  },
];

function haversineKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const dLat = r(bLat - aLat);
  const dLng = r(bLng - aLng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(r(aLat)) * Math.cos(r(bLat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

type Address = {
  company?: string;
  name?: string;
  address?: string;
  city?: string;
  postalCode?: string;
  phone?: string;
  email?: string;
};

function addressLines(a: Address | undefined): string[] {
  if (!a) return [];
  return [a.company, a.name, a.address, `${a.postalCode ?? ''} ${a.city ?? ''}`.trim(), a.phone].filter(
    (x): x is string => !!x,
  );
}

const POSTCODE = /^\d{2}-?\d{3}$/;

export async function startDpdSimulator(options: DpdSimulatorOptions = {}): Promise<DpdSimulatorHandle> {
  const login = options.login ?? 'test';
  const password = options.password ?? 'test';
  const fid = options.fid ?? '1495';
  const pudoKey = options.pudoKey ?? 'sim';
  const stepMs = Math.max(0, options.trackingStepMs ?? 0);
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;

  let parcels = new Map<string, ParcelState>();
  let bookings: CourierBooking[] = [];
  let events = new Map<string, DpdTrackingEvent[]>();
  let failures = new Map<string, DpdScriptedFailure[]>();
  let noWindows = new Set<string>();
  let unknownPostCodes = new Set<string>(['00-000', '99-999']);
  let pins = new Map<string, { pin: string; validTo: string }>();
  let calls: { operation: string; body: unknown }[] = [];
  let seq = 0;
  let packageSeq = 0;

  const nextWaybill = () => {
    seq += 1;
    return `10000${String(seq).padStart(8, '0')}U`;
  };

  /** Pushed events, then the moving journey's steps whose time has come (when the clock runs). */
  const eventsOf = (waybill: string): DpdTrackingEvent[] => {
    const pushed = events.get(waybill) ?? [];
    const parcel = parcels.get(waybill);
    if (!stepMs || !parcel) return pushed;
    const steps = journeySteps(parcel.journey, parcel.pickupPointId !== null);
    return [...pushed, ...journeyEvents(steps, Date.parse(parcel.createdAt), now(), stepMs)];
  };

  const app = express();
  app.use(express.json({ limit: '2mb' }));

  const authorized = (req: Request): boolean => {
    const header = req.header('authorization') ?? '';
    const expected = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
    return header === expected && req.header('x-dpd-fid') === fid;
  };

  /** Auth, call log, and a scripted request-level failure; returns the package/parcel failure, if any. */
  const begin = (
    operation: DpdOperation,
    req: Request,
    res: Response,
  ): { done: boolean; failure?: DpdScriptedFailure } => {
    calls.push({ operation, body: req.method === 'GET' ? req.query : req.body });
    if (operation === 'pudo' ? req.query.key !== pudoKey : !authorized(req)) {
      res.status(401).json({ status: 'UNAUTHORIZED', message: 'Invalid login, password or FID' });
      return { done: true };
    }
    const body = (req.body ?? {}) as { waybill?: string; waybills?: string[] };
    const about = [body.waybill, ...(body.waybills ?? [])].filter(Boolean);
    const queue = failures.get(operation) ?? [];
    const index = queue.findIndex((f) => !f.waybill || about.includes(f.waybill));
    const failure = index >= 0 ? queue.splice(index, 1)[0] : undefined;
    if (failure?.level === 'request') {
      res.json({ status: failure.status, errorMessage: failure.message ?? failure.status });
      return { done: true };
    }
    return { done: false, failure };
  };

  // ---- DPDServices ---------------------------------------------------------------

  app.post('/public/shipment/v1/generatePackagesNumbers', (req, res) => {
    const { done, failure } = begin('generatePackagesNumbers', req, res);
    if (done) return;
    const body = req.body as {
      packages?: {
        reference?: string;
        sender?: Address;
        receiver?: Address;
        services?: { dpdPickup?: { pudo?: string } };
        parcels?: {
          weight?: number;
          sizeX?: number;
          sizeY?: number;
          sizeZ?: number;
          content?: string;
          customerData1?: string;
        }[];
      }[];
    };
    if (!Array.isArray(body.packages) || body.packages.length === 0) {
      res.json({ status: 'INCORRECT_DATA', errorMessage: 'packages are required' });
      return;
    }
    const out = body.packages.map((pkg) => {
      packageSeq += 1;
      const packageId = packageSeq;
      if (failure?.level === 'package')
        return {
          status: failure.status,
          packageId,
          reference: pkg.reference ?? null,
          parcels: [],
          validationDetails: [{ info: failure.message ?? failure.status }],
        };
      const receiverPostCode = pkg.receiver?.postalCode ?? '';
      if (
        !pkg.services?.dpdPickup &&
        (!POSTCODE.test(receiverPostCode) || unknownPostCodes.has(receiverPostCode))
      ) {
        return {
          status: 'INCORRECT_DATA',
          packageId,
          reference: pkg.reference ?? null,
          parcels: [],
          validationDetails: [{ info: 'INCORRECT_POSTCODE', fieldNames: 'receiver.postalCode' }],
        };
      }
      const pudo = pkg.services?.dpdPickup?.pudo ?? null;
      if (pudo && !DPD_PICKUP_POINTS.some((p) => p.id === pudo)) {
        return {
          status: 'INCORRECT_DATA',
          packageId,
          reference: pkg.reference ?? null,
          parcels: [],
          validationDetails: [{ info: 'INCORRECT_PUDO', fieldNames: 'services.dpdPickup.pudo' }],
        };
      }
      const outParcels = (pkg.parcels ?? []).map((p, i) => {
        if (failure?.level === 'parcel' && i === 0)
          return {
            status: failure.status,
            waybill: null,
            validationDetails: [{ info: failure.message ?? failure.status }],
          };
        if (!p.weight || p.weight <= 0 || p.weight > 31.5)
          return {
            status: 'INCORRECT_WEIGHT',
            waybill: null,
            validationDetails: [{ info: 'weight out of range' }],
          };
        const waybill = nextWaybill();
        parcels.set(waybill, {
          waybill,
          packageId,
          reference: pkg.reference ?? null,
          sender: addressLines(pkg.sender),
          receiver: pudo ? [`DPD Pickup ${pudo}`, ...addressLines(pkg.receiver)] : addressLines(pkg.receiver),
          weightKg: p.weight,
          pickupPointId: pudo,
          returnOf: null,
          createdAt: new Date(now()).toISOString(),
          journey: 'DELIVERED',
        });
        return {
          status: 'OK',
          parcelId: seq,
          waybill,
          price: { amount: dpdPrice(p.weight, !!pudo), currency: 'PLN' },
        };
      });
      const ok = outParcels.length > 0 && outParcels.every((p) => p.status === 'OK');
      const prices = outParcels.map((p) => ('price' in p ? (p.price?.amount ?? 0) : 0));
      return {
        status: ok ? 'OK' : 'INCORRECT_DATA',
        packageId,
        reference: pkg.reference ?? null,
        parcels: outParcels,
        // The price of the package in grosze (the sum of its parcels').
        price: ok ? { amount: prices.reduce((a, b) => a + b, 0), currency: 'PLN' } : null,
      };
    });
    res.json({
      status: out.every((p) => p.status === 'OK') ? 'OK' : 'INCORRECT_DATA',
      sessionId: packageSeq,
      packages: out,
    });
  });

  app.post('/public/shipment/v1/generateSpedLabels', async (req, res) => {
    const { done, failure } = begin('generateSpedLabels', req, res);
    if (done) return;
    const body = req.body as {
      waybills?: string[];
      format?: 'A4' | 'LBL_PRINTER';
      outputType?: 'BIC3' | 'RETURN';
      outputDocFormat?: string;
    };
    const waybills = body.waybills ?? [];
    const format = body.format === 'LBL_PRINTER' ? 'LBL_PRINTER' : 'A4';
    const outputType = body.outputType === 'RETURN' ? 'RETURN' : 'BIC3';
    const statuses = waybills.map((w, i) => {
      if (failure && failure.level !== 'request' && i === 0) return { waybill: w, status: failure.status };
      return { waybill: w, status: parcels.has(w) ? 'OK' : 'NOT_FOUND' };
    });
    if (waybills.length === 0 || statuses.some((s) => s.status !== 'OK')) {
      res.json({
        status: 'OK',
        session: {
          statusInfo: { status: 'INCORRECT_DATA' },
          packages: [
            {
              statusInfo: { status: statuses.some((s) => s.status !== 'OK') ? 'INCORRECT_DATA' : 'OK' },
              parcels: statuses,
            },
          ],
        },
      });
      return;
    }
    const printed: LabelParcel[] = [];
    const returnWaybills: { waybill: string; returnWaybill: string }[] = [];
    for (const w of waybills) {
      const p = parcels.get(w)!;
      if (outputType === 'RETURN') {
        const returnWaybill = nextWaybill();
        const state: ParcelState = {
          ...p,
          waybill: returnWaybill,
          sender: p.receiver,
          receiver: p.sender,
          pickupPointId: null,
          returnOf: w,
          createdAt: new Date(now()).toISOString(),
          journey: 'DELIVERED',
        };
        parcels.set(returnWaybill, state);
        returnWaybills.push({ waybill: w, returnWaybill });
        printed.push(state);
      } else printed.push(p);
    }
    const pdf = await renderLabels(printed, format, outputType);
    res.json({
      status: 'OK',
      documentData: pdf.toString('base64'),
      session: {
        statusInfo: { status: 'OK' },
        packages: [
          {
            statusInfo: { status: 'OK' },
            parcels: statuses.map((s) => ({
              ...s,
              returnWaybill: returnWaybills.find((r) => r.waybill === s.waybill)?.returnWaybill ?? null,
            })),
          },
        ],
      },
    });
  });

  app.post('/public/shipment/v1/generateProtocol', async (req, res) => {
    const { done, failure } = begin('generateProtocol', req, res);
    if (done) return;
    const body = req.body as { waybills?: string[]; date?: string };
    const waybills = body.waybills ?? [];
    const missing = waybills.filter((w) => !parcels.has(w));
    if (failure || waybills.length === 0 || missing.length > 0) {
      res.json({
        status: 'OK',
        session: {
          statusInfo: { status: failure?.status ?? 'INCORRECT_DATA' },
          packages: [
            {
              statusInfo: { status: 'NOT_FOUND' },
              parcels: missing.map((waybill) => ({ waybill, status: 'NOT_FOUND' })),
            },
          ],
        },
      });
      return;
    }
    const documentId = `PROT${Date.now()}`;
    const pdf = await renderProtocol(
      documentId,
      fid,
      waybills.map((w) => parcels.get(w)!),
      body.date ?? new Date().toISOString().slice(0, 10),
    );
    res.json({
      status: 'OK',
      documentId,
      documentData: pdf.toString('base64'),
      session: { statusInfo: { status: 'OK' } },
    });
  });

  app.post('/public/shipment/v1/generateDropOffPin', (req, res) => {
    const { done, failure } = begin('generateDropOffPin', req, res);
    if (done) return;
    const waybill = (req.body as { waybill?: string }).waybill ?? '';
    if (failure) {
      res.json({
        status: 'OK',
        parcels: [{ waybill, status: failure.status, errorMessage: failure.message ?? failure.status }],
      });
      return;
    }
    if (!parcels.has(waybill)) {
      res.json({ status: 'OK', parcels: [{ waybill, status: 'NOT_FOUND' }] });
      return;
    }
    const existing = pins.get(waybill);
    const pin = existing ?? {
      pin: String(100000 + Math.floor(Math.random() * 900000)) + String(seq % 10),
      validTo: new Date(Date.now() + 14 * 24 * 3600_000).toISOString(),
    };
    pins.set(waybill, pin);
    res.json({ status: 'OK', parcels: [{ waybill, status: 'OK', pin: pin.pin, validTo: pin.validTo }] });
  });

  // ---- courier (SOAP DPDPackageObjServices in the real API) ---------------------------

  app.post('/public/courier/v1/getCourierOrderAvailability', (req, res) => {
    const { done, failure } = begin('getCourierOrderAvailability', req, res);
    if (done) return;
    const body = req.body as {
      senderPlace?: { countryCode?: string; zipCode?: string };
      pickupDate?: string;
    };
    const zip = body.senderPlace?.zipCode ?? '';
    if (failure) {
      res.json({ status: failure.status, errorMessage: failure.message ?? failure.status, ranges: [] });
      return;
    }
    if (!POSTCODE.test(zip) || unknownPostCodes.has(zip)) {
      res.json({ status: 'INCORRECT_POSTCODE', errorMessage: `Unknown postcode ${zip}`, ranges: [] });
      return;
    }
    const date = body.pickupDate ? new Date(`${body.pickupDate}T12:00:00Z`) : new Date();
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    const ranges =
      weekend || noWindows.has(zip) ? [] : DEFAULT_WINDOWS.map((range) => ({ range, offset: 0 }));
    res.json({ status: 'OK', ranges });
  });

  app.post('/public/courier/v1/packagesPickupCall', (req, res) => {
    const { done, failure } = begin('packagesPickupCall', req, res);
    if (done) return;
    const body = req.body as {
      operationType?: 'INSERT' | 'CANCEL';
      orderNumber?: string;
      checkSum?: string;
      pickupDate?: string;
      pickupTimeFrom?: string;
      pickupTimeTo?: string;
      pickupSender?: Address;
      packagesParams?: { parcelsCount?: number; parcelsWeight?: number };
    };
    if (failure) {
      res.json({
        status: 'OK',
        statusInfo: {
          status: failure.status,
          errorDetails: [{ description: failure.message ?? failure.status }],
        },
      });
      return;
    }
    if (body.operationType === 'CANCEL') {
      const booking = bookings.find(
        (b) => b.orderNumber === body.orderNumber && b.checkSum === body.checkSum,
      );
      if (!booking) {
        res.json({
          status: 'OK',
          statusInfo: { status: 'NOT_FOUND', errorDetails: [{ description: 'No such order' }] },
        });
        return;
      }
      booking.cancelled = true;
      res.json({ status: 'OK', orderNumber: booking.orderNumber, statusInfo: { status: 'OK' } });
      return;
    }
    const zip = body.pickupSender?.postalCode ?? '';
    const window = `${body.pickupTimeFrom}-${body.pickupTimeTo}`;
    if (!POSTCODE.test(zip) || unknownPostCodes.has(zip)) {
      res.json({
        status: 'OK',
        statusInfo: {
          status: 'INCORRECT_POSTCODE',
          errorDetails: [{ description: `Unknown postcode ${zip}` }],
        },
      });
      return;
    }
    const day = new Date(`${body.pickupDate}T12:00:00Z`).getUTCDay();
    if (day === 0 || day === 6 || noWindows.has(zip) || !DEFAULT_WINDOWS.includes(window)) {
      res.json({
        status: 'OK',
        statusInfo: {
          status: 'INCORRECT_PICKUP_TIME',
          errorDetails: [{ description: `No pickup at ${window}` }],
        },
      });
      return;
    }
    const booking: CourierBooking = {
      orderNumber: `KO${String(bookings.length + 1).padStart(7, '0')}`,
      checkSum: Math.random().toString(36).slice(2, 10).toUpperCase(),
      pickupDate: body.pickupDate ?? '',
      timeFrom: body.pickupTimeFrom ?? '',
      timeTo: body.pickupTimeTo ?? '',
      postCode: zip,
      parcelsCount: body.packagesParams?.parcelsCount ?? 1,
      cancelled: false,
    };
    bookings.push(booking);
    res.json({
      status: 'OK',
      orderNumber: booking.orderNumber,
      checkSum: booking.checkSum,
      statusInfo: { status: 'OK' },
    });
  });

  // ---- tracking (SOAP DPDInfoServices, separate host, in the real API) ---------------

  app.post('/public/info/v1/getEventsForWaybill', (req, res) => {
    const { done, failure } = begin('getEventsForWaybill', req, res);
    if (done) return;
    const waybill = (req.body as { waybill?: string }).waybill ?? '';
    if (failure) {
      res.json({
        status: 'OK',
        result: { status: failure.status, errorMessage: failure.message ?? failure.status, eventsList: [] },
      });
      return;
    }
    res.json({
      status: 'OK',
      result: {
        status: 'OK',
        waybill,
        eventsList: eventsOf(waybill).map((e) => ({ ...e, waybill })),
      },
    });
  });

  // ---- pickup points (MyPudo XML over GET in the real API) ------------------------------

  const pudoOut = (p: DpdPickupPoint, distanceKm: number | null) => ({ ...p, distanceKm });

  app.get('/public/pudo/v1/list/bycity', (req, res) => {
    const { done } = begin('pudo', req, res);
    if (done) return;
    const city = typeof req.query.city === 'string' ? fold(req.query.city) : '';
    const postCode = typeof req.query.postCode === 'string' ? req.query.postCode.replace('-', '') : '';
    const items = DPD_PICKUP_POINTS.filter(
      (p) =>
        (!city || fold(p.city) === city) &&
        (!postCode ||
          p.postCode.replace('-', '').startsWith(postCode.slice(0, Math.min(postCode.length, 2)))),
    );
    res.json({ status: 'OK', items: items.map((p) => pudoOut(p, null)) });
  });

  app.get('/public/pudo/v1/list/bylonglat', (req, res) => {
    const { done } = begin('pudo', req, res);
    if (done) return;
    const lat = Number(req.query.lat);
    const lng = Number(req.query.lng);
    const distance = Number(req.query.distance ?? 5);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) {
      res.json({ status: 'INCORRECT_DATA', errorMessage: 'lat and lng are required', items: [] });
      return;
    }
    const items = DPD_PICKUP_POINTS.map((p) =>
      pudoOut(p, Math.round(haversineKm(lat, lng, p.lat, p.lng) * 100) / 100),
    )
      .filter((p) => (p.distanceKm ?? 0) <= distance)
      .sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0));
    res.json({ status: 'OK', items });
  });

  app.get('/public/pudo/v1/details/:id', (req, res) => {
    const { done } = begin('pudo', req, res);
    if (done) return;
    const p = DPD_PICKUP_POINTS.find((x) => x.id === req.params.id);
    if (!p) {
      res.json({ status: 'NOT_FOUND', errorMessage: 'No such pickup point' });
      return;
    }
    res.json({ status: 'OK', item: pudoOut(p, null) });
  });

  // ---- control (for npm start and manual runs; tests use the handle) ----------------

  app.post('/__sim/tracking', (req, res) => {
    const body = req.body as { waybill: string; events: DpdTrackingEvent[] };
    handle.pushEvents(body.waybill, body.events);
    res.json({ ok: true });
  });
  app.post('/__sim/journey', (req, res) => {
    const body = req.body as { waybill: string; journey: DpdJourney };
    if (!parcels.has(body.waybill) || !['DELIVERED', 'EXCEPTION', 'RETURN'].includes(body.journey)) {
      res.status(400).json({ ok: false });
      return;
    }
    handle.journey(body.waybill, body.journey);
    res.json({ ok: true });
  });
  app.post('/__sim/clock', (req, res) => {
    const body = req.body as { advanceMs?: number };
    handle.advanceClock(Number(body.advanceMs ?? 0));
    res.json({ ok: true, now: new Date(now()).toISOString(), stepMs });
  });
  app.post('/__sim/fail-next', (req, res) => {
    const body = req.body as { operation: DpdOperation } & DpdScriptedFailure;
    handle.failNext(body.operation, body);
    res.json({ ok: true });
  });
  app.get('/__sim/state', (_req, res) => {
    res.json({ parcels: [...parcels.values()], bookings, events: Object.fromEntries(events) });
  });

  const server = await listen(app, options.port ?? 0);
  const handle: DpdSimulatorHandle = {
    ...server,
    login,
    password,
    fid,
    pudoKey,
    parcels: () => [...parcels.values()],
    bookings: () => [...bookings],
    pushEvents: (waybill, list) => events.set(waybill, [...(events.get(waybill) ?? []), ...list]),
    journey: (waybill, journey) => {
      const parcel = parcels.get(waybill);
      if (parcel) parcel.journey = journey;
    },
    advanceClock: (ms) => {
      if (Number.isFinite(ms) && ms > 0) clockOffset += ms;
    },
    now,
    failNext: (operation, failure) => failures.set(operation, [...(failures.get(operation) ?? []), failure]),
    clearFailures: (operation) => (operation ? failures.delete(operation) : failures.clear(), undefined),
    noWindowsFor: (postCode) => void noWindows.add(postCode),
    unknownPostCode: (postCode) => void unknownPostCodes.add(postCode),
    calls: () => [...calls],
    reset: () => {
      parcels = new Map();
      bookings = [];
      events = new Map();
      failures = new Map();
      noWindows = new Set();
      unknownPostCodes = new Set(['00-000', '99-999']);
      pins = new Map();
      calls = [];
      clockOffset = 0;
    },
  };
  return handle;
}
