import { CommonErrorCode, OrdersErrorCode } from '@gleba/contracts';
import { AppError } from '@gleba/platform';

export const illegalTransition = (from: string, to: string, actor: string) =>
  new AppError(CommonErrorCode.illegalTransition, 409, `Illegal status change from ${from} to ${to} (by ${actor.toLowerCase()})`, undefined, { from, to });

export const orderNotFound = () => new AppError(OrdersErrorCode.orderNotFound, 404, 'Order not found');
export const testNotFound = () => new AppError(OrdersErrorCode.orderNotFoundForTestId, 404, 'Order not found for test id');
