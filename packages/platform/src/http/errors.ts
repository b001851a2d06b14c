import { CommonErrorCode, HTTP_STATUS_TEXT, type Language, type TErrorBody } from '@gleba/contracts';
import { errorMessage } from '@gleba/i18n';

export type ErrorDetail = { path: string; message: string; code?: string };

/** The one error type: a stable `code` the SPAs translate, an HTTP status and a readable message. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
    /** Parameters of the translated message (`{max}` in `errors.<code>`). */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The error body; `message` in the given language when the catalogue knows the code. */
  toBody(requestId?: string, language?: Language): TErrorBody {
    return {
      statusCode: this.statusCode,
      error: HTTP_STATUS_TEXT[this.statusCode] ?? 'Error',
      message: (language && errorMessage(language, this.code, this.params)) || this.message,
      code: this.code,
      ...(this.details ? { details: this.details } : {}),
      ...(requestId ? { requestId } : {}),
    };
  }
}

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) =>
  new AppError(code, 400, message, details);
export const unauthorized = (
  code: string = CommonErrorCode.unauthorized,
  message = 'Authentication required',
) => new AppError(code, 401, message);
export const forbidden = (
  code: string = CommonErrorCode.forbidden,
  message = 'You are not allowed to do this',
) => new AppError(code, 403, message);
export const notFound = (code: string = CommonErrorCode.notFound, message = 'Not found') =>
  new AppError(code, 404, message);
export const conflict = (code: string = CommonErrorCode.conflict, message = 'Conflict') =>
  new AppError(code, 409, message);
export const tooManyRequests = (code: string = CommonErrorCode.rateLimited, message = 'Too many requests') =>
  new AppError(code, 429, message);
export const serviceUnavailable = (
  code: string = CommonErrorCode.serviceUnavailable,
  message = 'Service unavailable',
) => new AppError(code, 503, message);

export function errorBody(
  statusCode: number,
  code: string,
  message: string,
  requestId?: string,
  language?: Language,
): TErrorBody {
  return new AppError(code, statusCode, message).toBody(requestId, language);
}
