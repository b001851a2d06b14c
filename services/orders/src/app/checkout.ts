import type { Language, TCreateKitOrderBody, ZCreateOrderBody } from '@gleba/contracts';
import type { z } from 'zod';
import type { Deps } from './deps';
import { placeFarmOrder, toFarmOrder } from './farm-orders';
import { placeKitOrder, toKitOrder } from './kit-orders';
import { bankTransfer, orderPayment, startOnlinePayment, type PaymentInstructions } from './payments';

/** Who is buying: the signed-in customer, and the language Przelewy24's pages speak to them. */
export interface Buyer {
  userId: string;
  email: string;
  language: Language;
}

/**
 * The farm order wizard's last step: the order is placed (committed), then an online payment is
 * registered with Przelewy24; a transfer answers with its bank details instead.
 */
export async function checkoutFarmOrder(deps: Deps, buyer: Buyer, body: z.output<typeof ZCreateOrderBody>) {
  const row = await placeFarmOrder(deps, buyer, body);
  const payment =
    row.payment_method === 'ONLINE_BANK_TRANSFER'
      ? await startOnlinePayment(
          deps,
          { kind: 'FARM', id: row.id, orderNumber: row.order_number, amount: row.total_price },
          buyer,
        )
      : await orderPayment(deps, row);
  return { order: await toFarmOrder(deps.ctx.db, row), payment };
}

/** Garden kits bought online: the order is placed, then paid online or by transfer. */
export async function checkoutKitOrder(deps: Deps, buyer: Buyer, body: TCreateKitOrderBody) {
  const order = await placeKitOrder(deps, buyer, body);
  const payment: PaymentInstructions =
    body.paymentMethod === 'ONLINE_BANK_TRANSFER'
      ? await startOnlinePayment(
          deps,
          { kind: 'KIT', id: order.id, orderNumber: order.order_number, amount: order.price },
          buyer,
        )
      : {
          method: 'TRADITIONAL_TRANSFER',
          redirectUrl: null,
          bankTransfer: bankTransfer(deps, order.order_number, order.price, null),
          error: null,
        };
  return { order: await toKitOrder(deps, order), payment };
}
