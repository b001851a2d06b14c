import { z } from 'zod';

/** The one error body every service and the gateway render. */
export const ZErrorBody = z.object({
  statusCode: z.number().int().min(400).max(599),
  error: z.string(),
  message: z.string(),
  /** Stable machine key the SPAs translate (e.g. `tooManyResetPasswordRequests`). */
  code: z.string(),
  /** For validation failures: which fields and why. */
  details: z
    .array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() }))
    .optional(),
  requestId: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** Codes shared by every service. Each domain adds its own in `errors/<domain>.ts`. */
export const CommonErrorCode = {
  validationFailed: 'validationFailed',
  notFound: 'notFound',
  routeNotFound: 'routeNotFound',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  invalidToken: 'invalidToken',
  tokenExpired: 'tokenExpired',
  conflict: 'conflict',
  illegalTransition: 'illegalTransition',
  payloadTooLarge: 'payloadTooLarge',
  unsupportedMediaType: 'unsupportedMediaType',
  rateLimited: 'rateLimited',
  serviceUnavailable: 'serviceUnavailable',
  badGateway: 'badGateway',
  gatewayTimeout: 'gatewayTimeout',
  internal: 'internal',
} as const;
export type CommonErrorCode = (typeof CommonErrorCode)[keyof typeof CommonErrorCode];

/** Spec section 8: database error codes (130000-130602). */
export const DatabaseErrorCode = {
  generic: 130000,
  recordNotFound: 130001,
  uniqueConstraint: 130002,
  foreignKey: 130003,
} as const;

export const HTTP_STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
