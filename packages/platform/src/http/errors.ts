import { CommonErrorCode, HTTP_STATUS_TEXT, type TErrorBody } from '@gleba/contracts';

export type ErrorDetail = { path: string; message: string; code?: string };

/** The one error type: a stable `code` the SPAs translate, an HTTP status and a readable message. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(requestId?: string): TErrorBody {
    return {
      statusCode: this.statusCode,
      error: HTTP_STATUS_TEXT[this.statusCode] ?? 'Error',
      message: this.message,
      code: this.code,
      ...(this.details ? { details: this.details } : {}),
      ...(requestId ? { requestId } : {}),
    };
  }
}

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) =>
  new AppError(code, 400, message, details);
export const unauthorized = (code: string = CommonErrorCode.unauthorized, message = 'Authentication required') =>
  new AppError(code, 401, message);
export const forbidden = (code: string = CommonErrorCode.forbidden, message = 'You are not allowed to do this') =>
  new AppError(code, 403, message);
export const notFound = (code: string = CommonErrorCode.notFound, message = 'Not found') => new AppError(code, 404, message);
export const conflict = (code: string = CommonErrorCode.conflict, message = 'Conflict') => new AppError(code, 409, message);
export const tooManyRequests = (code: string = CommonErrorCode.rateLimited, message = 'Too many requests') =>
  new AppError(code, 429, message);
export const serviceUnavailable = (code: string = CommonErrorCode.serviceUnavailable, message = 'Service unavailable') =>
  new AppError(code, 503, message);

export function errorBody(statusCode: number, code: string, message: string, requestId?: string): TErrorBody {
  return new AppError(code, statusCode, message).toBody(requestId);
}
