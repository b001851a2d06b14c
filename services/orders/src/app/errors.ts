import { CommonErrorCode, OrdersErrorCode } from '@gleba/contracts';
import { AppError } from '@gleba/platform';

/** The translated message is generic; `details` names the exact change that was refused. */
export const illegalTransition = (from: string, to: string, actor: string) => {
  const message = `Illegal status change from ${from} to ${to} (by ${actor.toLowerCase()})`;
  return new AppError(
    CommonErrorCode.illegalTransition,
    409,
    message,
    [{ path: 'status', message, code: 'illegalTransition' }],
    { from, to },
  );
};

export const orderNotFound = () => new AppError(OrdersErrorCode.orderNotFound, 404, 'Order not found');
export const testNotFound = () =>
  new AppError(OrdersErrorCode.orderNotFoundForTestId, 404, 'Order not found for test id');
