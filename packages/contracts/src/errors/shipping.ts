/**
 * Error codes of the shipping service (spec section 8: orders and courier errors, label
 * printing). Codes are unique across domains, hence the shipping-specific names.
 */
export const ShippingErrorCode = {
  /** "invalid postal code": not NN-NNN, or DPD does not know it. */
  invalidPostalCode: 'shippingInvalidPostalCode',
  /** "no time windows for selected day and sender postcode". */
  noTimeWindows: 'courierNoTimeWindows',
  /** "pick another pickup date": past, weekend or too far ahead. */
  pickAnotherPickupDate: 'courierPickAnotherDate',
  /** "courier already ordered for this test". */
  courierAlreadyOrdered: 'courierAlreadyOrdered',
  /** "courier order failed": DPD refused the pickup call. */
  courierOrderFailed: 'courierOrderFailed',
  /** "incomplete user data": the sender's address or phone is missing. */
  incompleteSenderData: 'shippingIncompleteSenderData',
  /** "order not found for test id": nothing confirmed for shipment under this id. */
  orderNotFoundForTest: 'shippingOrderNotFound',
  /** "sample delivery failed": DPD refused the parcel (waybill not generated). */
  sampleDeliveryFailed: 'sampleDeliveryFailed',
  /** "label print or download failed". */
  labelPrintFailed: 'labelPrintFailed',
  /** A shipment is already under way for this test or order. */
  shipmentAlreadyExists: 'shipmentAlreadyExists',
  shipmentNotFound: 'shipmentNotFound',
  /** A courier pickup needs a printed label. */
  courierRequiresLabel: 'courierRequiresLabel',
  /** The pickup point does not exist. */
  pickupPointNotFound: 'pickupPointNotFound',
  /** Pickup point search needs a city, a postcode, or both coordinates. */
  pickupPointSearchInvalid: 'pickupPointSearchInvalid',
  /** The drop-off code of this order is still valid; one per order. */
  dropOffCodeAlreadyGenerated: 'dropOffCodeAlreadyGenerated',
  /** DPD answered with an error we cannot attribute to the user. */
  carrierError: 'carrierError',
  /** A return is asked for a parcel that has no waybill or was already returned. */
  returnNotPossible: 'shippingReturnNotPossible',
} as const;
export type ShippingErrorCode = (typeof ShippingErrorCode)[keyof typeof ShippingErrorCode];
