/**
 * What shipping needs from DPD, in our words. The HTTP client implements it against DPD's
 * wire formats (or the simulator); tests may inject another implementation.
 */

export interface DpdAddress {
  company: string | null;
  name: string;
  street: string;
  postCode: string;
  city: string;
  phone: string;
  email: string | null;
}

export interface DpdParcelSpec {
  weightKg: number;
  sizeCm: [number, number, number];
  content: string;
  reference: string;
}

export interface DpdGenerateWaybillsInput {
  reference: string;
  sender: DpdAddress;
  receiver: DpdAddress;
  /** Delivery to or drop-off at a pickup point (service DPD_PICKUP). */
  pickupPointId: string | null;
  parcels: DpdParcelSpec[];
}

export interface DpdTrackingEvent {
  businessCode: string;
  description: string;
  eventTime: Date;
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
  distanceKm: number | null;
  openingHours: { day: number; open: string; close: string }[];
}

export type DpdLabelFormat = 'A4' | 'LBL_PRINTER';

export interface DpdPort {
  generatePackagesNumbers(input: DpdGenerateWaybillsInput): Promise<{
    packageId: string;
    waybills: string[];
    /** DPD's price in grosze, when it gives one. */ priceGrosze: number | null;
  }>;
  generateSpedLabels(input: {
    waybills: string[];
    format: DpdLabelFormat;
    outputType: 'BIC3' | 'RETURN';
  }): Promise<{ pdf: Buffer; returnWaybills: Record<string, string> }>;
  generateProtocol(input: { waybills: string[]; date: string }): Promise<{ documentId: string; pdf: Buffer }>;
  getCourierOrderAvailability(input: { postCode: string; date: string }): Promise<string[]>;
  packagesPickupCall(
    input:
      | {
          operation: 'INSERT';
          date: string;
          timeWindow: string;
          sender: DpdAddress;
          parcelsCount: number;
          weightKg: number;
        }
      | { operation: 'CANCEL'; orderNumber: string; checkSum: string },
  ): Promise<{ orderNumber: string; checkSum: string | null }>;
  generateDropOffPin(input: { waybill: string }): Promise<{ pin: string; validTo: Date | null }>;
  getEventsForWaybill(waybill: string): Promise<DpdTrackingEvent[]>;
  findPickupPoints(
    query:
      | { kind: 'city'; city?: string; postCode?: string }
      | { kind: 'coordinates'; lat: number; lng: number; radiusKm: number },
  ): Promise<DpdPickupPoint[]>;
  getPickupPoint(id: string): Promise<DpdPickupPoint | null>;
}

/**
 * DPD refused a request. `status` is DPD's status (e.g. INCORRECT_POSTCODE); `level` says where
 * it was found: the request, a package, or a parcel. `transport` is a failure to reach DPD.
 */
export class DpdError extends Error {
  constructor(
    readonly operation: string,
    readonly level: 'request' | 'package' | 'parcel' | 'transport',
    readonly status: string,
    message: string,
  ) {
    super(`DPD ${operation}: ${level} status ${status}: ${message}`);
    this.name = 'DpdError';
  }
}
