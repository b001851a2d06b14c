import {
  DpdError,
  type DpdAddress,
  type DpdPickupPoint,
  type DpdPort,
  type DpdTrackingEvent,
} from './dpd.port';

export interface DpdClientOptions {
  url: string;
  infoUrl: string;
  pudoUrl: string;
  login: string;
  password: string;
  fid: string;
  pudoKey: string;
  timeoutMs: number;
}

type StatusInfo = { status?: string; errorDetails?: { description?: string }[] };
type Json = Record<string, unknown>;

const OK = 'OK';

function wireAddress(a: DpdAddress, fid?: string) {
  return {
    company: a.company ?? undefined,
    name: a.name,
    address: a.street,
    city: a.city,
    countryCode: 'PL',
    postalCode: a.postCode,
    phone: a.phone,
    email: a.email ?? undefined,
    fid,
  };
}

/** A status of any level that is not OK is an error, whatever the HTTP status said. */
function check(operation: string, level: DpdError['level'], status: unknown, message: unknown): void {
  if (status === undefined || status === OK) return;
  throw new DpdError(
    operation,
    level,
    String(status),
    typeof message === 'string' && message ? message : String(status),
  );
}

function detail(info: StatusInfo | undefined): string | undefined {
  return (
    info?.errorDetails
      ?.map((d) => d.description)
      .filter(Boolean)
      .join('; ') || undefined
  );
}

/**
 * Thin typed client of DPD Polska. Every answer is checked at the request, package and parcel
 * level, because DPD reports business errors as HTTP 200 with a non-OK status.
 */
export class DpdHttpClient implements DpdPort {
  constructor(private readonly options: DpdClientOptions) {}

  private async call<T extends Json>(
    operation: string,
    url: string,
    init: { method: 'GET' | 'POST'; body?: unknown; auth: boolean; nestedStatuses?: boolean },
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.auth) {
      headers.authorization = `Basic ${Buffer.from(`${this.options.login}:${this.options.password}`).toString('base64')}`;
      headers['x-dpd-fid'] = this.options.fid;
    }
    let res: Response;
    try {
      res = await fetch(url, {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new DpdError(operation, 'transport', 'UNREACHABLE', (error as Error).message);
    }
    const text = await res.text();
    let body: T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      throw new DpdError(operation, 'transport', `HTTP_${res.status}`, `not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok)
      throw new DpdError(
        operation,
        'transport',
        `HTTP_${res.status}`,
        String(body.message ?? body.status ?? res.statusText),
      );
    // With nested statuses the caller checks the parcels and packages first: they say more.
    if (!init.nestedStatuses) check(operation, 'request', body.status, body.errorMessage);
    return body;
  }

  private shipment<T extends Json>(operation: string, body: unknown, nestedStatuses = false): Promise<T> {
    return this.call<T>(operation, `${this.options.url}/public/shipment/v1/${operation}`, {
      method: 'POST',
      body,
      auth: true,
      nestedStatuses,
    });
  }

  async generatePackagesNumbers(input: Parameters<DpdPort['generatePackagesNumbers']>[0]) {
    const op = 'generatePackagesNumbers';
    const res = await this.shipment<{
      status?: string;
      errorMessage?: string;
      packages?: {
        status?: string;
        packageId?: number;
        price?: { amount?: number; currency?: string } | null;
        parcels?: { status?: string; waybill?: string | null; validationDetails?: { info?: string }[] }[];
        validationDetails?: { info?: string }[];
      }[];
    }>(
      op,
      {
        generationPolicy: 'STOP_ON_FIRST_ERROR',
        packages: [
          {
            reference: input.reference,
            payerFID: Number(this.options.fid),
            sender: wireAddress(input.sender, this.options.fid),
            receiver: wireAddress(input.receiver),
            services: input.pickupPointId ? { dpdPickup: { pudo: input.pickupPointId } } : {},
            parcels: input.parcels.map((p) => ({
              weight: p.weightKg,
              sizeX: p.sizeCm[0],
              sizeY: p.sizeCm[1],
              sizeZ: p.sizeCm[2],
              content: p.content,
              customerData1: p.reference,
            })),
          },
        ],
      },
      true,
    );
    const pkg = res.packages?.[0];
    if (!pkg) {
      check(op, 'request', res.status, res.errorMessage);
      throw new DpdError(op, 'package', 'MISSING', 'no package in the answer');
    }
    // A parcel's status says more than its package's, so parcels are checked first.
    for (const parcel of pkg.parcels ?? [])
      check(op, 'parcel', parcel.status, parcel.validationDetails?.map((d) => d.info).join('; '));
    check(op, 'package', pkg.status, pkg.validationDetails?.map((d) => d.info).join('; '));
    check(op, 'request', res.status, res.errorMessage);
    const waybills = (pkg.parcels ?? []).map((p) => p.waybill).filter((w): w is string => !!w);
    if (waybills.length !== input.parcels.length)
      throw new DpdError(op, 'parcel', 'MISSING_WAYBILL', 'fewer waybills than parcels');
    const amount = pkg.price?.amount;
    const priceGrosze =
      typeof amount === 'number' &&
      Number.isInteger(amount) &&
      amount >= 0 &&
      (pkg.price?.currency ?? 'PLN') === 'PLN'
        ? amount
        : null;
    return { packageId: String(pkg.packageId ?? ''), waybills, priceGrosze };
  }

  async generateSpedLabels(input: Parameters<DpdPort['generateSpedLabels']>[0]) {
    const op = 'generateSpedLabels';
    const res = await this.shipment<{
      documentData?: string;
      session?: {
        statusInfo?: StatusInfo;
        packages?: {
          statusInfo?: StatusInfo;
          parcels?: { waybill?: string; status?: string; returnWaybill?: string | null }[];
        }[];
      };
    }>(op, {
      waybills: input.waybills,
      format: input.format,
      outputType: input.outputType,
      outputDocFormat: 'PDF',
      variant: 'STANDARD',
    });
    const returnWaybills: Record<string, string> = {};
    for (const pkg of res.session?.packages ?? []) {
      for (const parcel of pkg.parcels ?? []) {
        check(op, 'parcel', parcel.status, `waybill ${parcel.waybill}: ${parcel.status}`);
        if (parcel.waybill && parcel.returnWaybill) returnWaybills[parcel.waybill] = parcel.returnWaybill;
      }
      check(op, 'package', pkg.statusInfo?.status, detail(pkg.statusInfo));
    }
    check(op, 'request', res.session?.statusInfo?.status, detail(res.session?.statusInfo));
    if (!res.documentData) throw new DpdError(op, 'request', 'NO_DOCUMENT', 'no document in the answer');
    return { pdf: Buffer.from(res.documentData, 'base64'), returnWaybills };
  }

  async generateProtocol(input: { waybills: string[]; date: string }) {
    const op = 'generateProtocol';
    const res = await this.shipment<{
      documentId?: string;
      documentData?: string;
      session?: {
        statusInfo?: StatusInfo;
        packages?: { statusInfo?: StatusInfo; parcels?: { waybill?: string; status?: string }[] }[];
      };
    }>(op, { waybills: input.waybills, date: input.date, outputDocFormat: 'PDF' });
    for (const pkg of res.session?.packages ?? []) {
      for (const parcel of pkg.parcels ?? [])
        check(op, 'parcel', parcel.status, `waybill ${parcel.waybill}: ${parcel.status}`);
      check(op, 'package', pkg.statusInfo?.status, detail(pkg.statusInfo));
    }
    check(op, 'request', res.session?.statusInfo?.status, detail(res.session?.statusInfo));
    if (!res.documentData) throw new DpdError(op, 'request', 'NO_DOCUMENT', 'no document in the answer');
    return { documentId: res.documentId ?? '', pdf: Buffer.from(res.documentData, 'base64') };
  }

  async generateDropOffPin(input: { waybill: string }) {
    const op = 'generateDropOffPin';
    const res = await this.shipment<{
      parcels?: {
        waybill?: string;
        status?: string;
        pin?: string;
        validTo?: string;
        errorMessage?: string;
      }[];
    }>(op, {
      waybill: input.waybill,
    });
    const parcel = res.parcels?.[0];
    if (!parcel) throw new DpdError(op, 'parcel', 'MISSING', 'no parcel in the answer');
    check(op, 'parcel', parcel.status, parcel.errorMessage);
    if (!parcel.pin) throw new DpdError(op, 'parcel', 'NO_PIN', 'no pin in the answer');
    return { pin: parcel.pin, validTo: parcel.validTo ? new Date(parcel.validTo) : null };
  }

  async getCourierOrderAvailability(input: { postCode: string; date: string }) {
    const res = await this.call<{ ranges?: { range?: string }[] }>(
      'getCourierOrderAvailability',
      `${this.options.url}/public/courier/v1/getCourierOrderAvailability`,
      {
        method: 'POST',
        auth: true,
        body: { senderPlace: { countryCode: 'PL', zipCode: input.postCode }, pickupDate: input.date },
      },
    );
    return (res.ranges ?? []).map((r) => r.range).filter((r): r is string => !!r);
  }

  async packagesPickupCall(input: Parameters<DpdPort['packagesPickupCall']>[0]) {
    const op = 'packagesPickupCall';
    const body =
      input.operation === 'CANCEL'
        ? { operationType: 'CANCEL', orderNumber: input.orderNumber, checkSum: input.checkSum }
        : {
            operationType: 'INSERT',
            orderType: 'DOMESTIC',
            pickupDate: input.date,
            pickupTimeFrom: input.timeWindow.split('-')[0],
            pickupTimeTo: input.timeWindow.split('-')[1],
            pickupSender: wireAddress(input.sender),
            pickupPayer: { payerNumber: Number(this.options.fid) },
            packagesParams: {
              dox: false,
              standardParcel: true,
              parcelsCount: input.parcelsCount,
              parcelsWeight: input.weightKg,
            },
          };
    const res = await this.call<{ orderNumber?: string; checkSum?: string; statusInfo?: StatusInfo }>(
      op,
      `${this.options.url}/public/courier/v1/packagesPickupCall`,
      {
        method: 'POST',
        auth: true,
        body,
      },
    );
    check(op, 'package', res.statusInfo?.status, detail(res.statusInfo));
    if (!res.orderNumber)
      throw new DpdError(op, 'package', 'NO_ORDER_NUMBER', 'no order number in the answer');
    return { orderNumber: res.orderNumber, checkSum: res.checkSum ?? null };
  }

  async getEventsForWaybill(waybill: string): Promise<DpdTrackingEvent[]> {
    const op = 'getEventsForWaybill';
    const res = await this.call<{
      result?: {
        status?: string;
        errorMessage?: string;
        eventsList?: {
          businessCode?: string;
          description?: string;
          eventTime?: string;
          depot?: string | null;
        }[];
      };
    }>(op, `${this.options.infoUrl}/public/info/v1/getEventsForWaybill`, {
      method: 'POST',
      auth: true,
      body: { waybill, eventsSelectType: 'ALL', language: 'PL' },
    });
    check(op, 'parcel', res.result?.status, res.result?.errorMessage);
    return (res.result?.eventsList ?? [])
      .filter((e) => e.businessCode && e.eventTime)
      .map((e) => ({
        businessCode: e.businessCode!,
        description: e.description ?? '',
        eventTime: new Date(e.eventTime!),
        depot: e.depot ?? null,
      }));
  }

  async findPickupPoints(query: Parameters<DpdPort['findPickupPoints']>[0]): Promise<DpdPickupPoint[]> {
    const params = new URLSearchParams({ key: this.options.pudoKey });
    let path: string;
    if (query.kind === 'city') {
      path = 'list/bycity';
      if (query.city) params.set('city', query.city);
      if (query.postCode) params.set('postCode', query.postCode);
    } else {
      path = 'list/bylonglat';
      params.set('lat', String(query.lat));
      params.set('lng', String(query.lng));
      params.set('distance', String(query.radiusKm));
    }
    const res = await this.call<{ items?: DpdPickupPoint[] }>(
      'pudo',
      `${this.options.pudoUrl}/public/pudo/v1/${path}?${params}`,
      { method: 'GET', auth: false },
    );
    return (res.items ?? []).map(toPoint);
  }

  async getPickupPoint(id: string): Promise<DpdPickupPoint | null> {
    const params = new URLSearchParams({ key: this.options.pudoKey });
    try {
      const res = await this.call<{ item?: DpdPickupPoint }>(
        'pudo',
        `${this.options.pudoUrl}/public/pudo/v1/details/${encodeURIComponent(id)}?${params}`,
        {
          method: 'GET',
          auth: false,
        },
      );
      return res.item ? toPoint(res.item) : null;
    } catch (error) {
      if (error instanceof DpdError && error.status === 'NOT_FOUND') return null;
      throw error;
    }
  }
}

function toPoint(p: DpdPickupPoint): DpdPickupPoint {
  return {
    id: p.id,
    name: p.name,
    street: p.street,
    postCode: p.postCode,
    city: p.city,
    lat: p.lat,
    lng: p.lng,
    distanceKm: p.distanceKm ?? null,
    openingHours: p.openingHours ?? [],
  };
}
