import { HTTP_STATUS_TEXT, type TErrorBody } from '@gleba/contracts';

/** Code of a request that never got an answer (spec section 8: "Network request failed"). */
export const NETWORK_REQUEST_FAILED = 'networkRequestFailed';
/** Code when the session expired and the refresh failed (spec section 8: "Please re-authenticate"). */
export const REAUTHENTICATE = 'reauthenticate';

/** A failed call: the service's error body, or one built from the status when the body is not one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: TErrorBody;

  constructor(body: TErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.statusCode;
    this.code = body.code;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'validationFailed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
  502: 'badGateway',
  503: 'serviceUnavailable',
  504: 'gatewayTimeout',
};

function isErrorBody(value: unknown): value is TErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.statusCode === 'number' && typeof v.message === 'string' && typeof v.code === 'string';
}

/** The error body of a failed response; `payload` is its parsed JSON or text (undefined when empty). */
export function errorBodyFrom(status: number, payload: unknown): TErrorBody {
  if (isErrorBody(payload)) {
    return {
      ...payload,
      error: typeof payload.error === 'string' ? payload.error : (HTTP_STATUS_TEXT[status] ?? 'Error'),
    };
  }
  const message =
    typeof payload === 'string' && payload.trim() && payload.length < 500
      ? payload.trim()
      : typeof payload === 'object' &&
          payload !== null &&
          typeof (payload as { message?: unknown }).message === 'string'
        ? (payload as { message: string }).message
        : (HTTP_STATUS_TEXT[status] ?? 'Error');
  return {
    statusCode: status,
    error: HTTP_STATUS_TEXT[status] ?? 'Error',
    message,
    code: CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'unknown'),
  };
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError({
    statusCode: 0,
    error: 'Network Error',
    message: 'Network request failed',
    code: NETWORK_REQUEST_FAILED,
  });
  (error as { cause?: unknown }).cause = cause;
  return error;
}
