import { createReadStream } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import {
  OrdersErrorCode,
  ZAddGardenTestBody,
  ZChangeStatusBody,
  ZCreateKitOrderBody,
  ZCreateOrderBody,
  ZIdParam,
  ZMyTestsQuery,
  ZPageQuery,
  ZP24Notification,
  ZQuoteBody,
  ZUpdateGardenTestBody,
  ZVerifyBarcodeBody,
  pageMeta,
  type FarmOrderStatus,
  type Language,
} from '@gleba/contracts';
import { AppError, conflict, mustAuth, requireAuth, route } from '@gleba/platform';
import type { Deps } from '../app/deps';
import {
  buildQuote,
  getFarmOrderRow,
  placeFarmOrder,
  toFarmOrder,
  transitionFarmOrder,
  type FarmOrderRow,
} from '../app/farm-orders';
import {
  addGardenTest,
  getGardenTestRow,
  savePhoto,
  toGardenTest,
  transitionGardenTest,
  updateGardenTest,
  verifyBarcode,
} from '../app/garden-tests';
import { placeKitOrder, toKitOrder } from '../app/kit-orders';
import { myTests } from '../app/listing';
import {
  bankTransfer,
  handleP24Notification,
  startOnlinePayment,
  type PaymentInstructions,
} from '../app/payments';
import { requestLanguage } from '@gleba/platform';

function paymentFor(deps: Deps, o: FarmOrderRow): PaymentInstructions {
  const transfer = o.payment_method !== 'ONLINE_BANK_TRANSFER' && o.payment_status !== 'PAID';
  return {
    method: o.payment_method as PaymentInstructions['method'],
    redirectUrl: null,
    bankTransfer: transfer ? bankTransfer(deps, o.order_number, o.total_price, o.payment_due_date) : null,
    error: null,
  };
}

export function customerRoutes(deps: Deps): express.Router {
  const r = express.Router();
  const db = deps.ctx.db;
  const language = (req: Request) => requestLanguage(req) as Language;

  // ---- prices (public: the landing page shows them too) ----
  r.get(
    '/api/prices',
    route({}, () => deps.prices),
  );

  // ---- farm orders: the wizard ----
  r.post(
    '/api/orders/quote',
    requireAuth,
    route({ body: ZQuoteBody }, ({ body, auth }) => buildQuote(deps, mustAuth(auth).userId, body)),
  );

  r.post(
    '/api/orders/kits',
    requireAuth,
    route(
      { body: ZCreateKitOrderBody },
      async ({ body, auth, req }) => {
        const a = mustAuth(auth);
        const order = await placeKitOrder(deps, a, body);
        const payment: PaymentInstructions =
          body.paymentMethod === 'ONLINE_BANK_TRANSFER'
            ? await startOnlinePayment(
                deps,
                { kind: 'KIT', id: order.id, orderNumber: order.order_number, amount: order.price },
                { email: a.email, language: language(req) },
              )
            : {
                method: 'TRADITIONAL_TRANSFER',
                redirectUrl: null,
                bankTransfer: bankTransfer(deps, order.order_number, order.price, null),
                error: null,
              };
        return { order: await toKitOrder(deps, order), payment };
      },
      { status: 201 },
    ),
  );
  r.get(
    '/api/orders/kits/:id',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth }) => {
      const row = await db
        .selectFrom('kit_orders')
        .selectAll()
        .where('id', '=', params.id)
        .where('user_id', '=', mustAuth(auth).userId)
        .executeTakeFirst();
      if (!row) throw new AppError(OrdersErrorCode.orderNotFound, 404, 'Order not found');
      return toKitOrder(deps, row);
    }),
  );

  r.post(
    '/api/orders',
    requireAuth,
    route(
      { body: ZCreateOrderBody },
      async ({ body, auth, req }) => {
        const a = mustAuth(auth);
        const row = await placeFarmOrder(deps, a, body);
        const payment =
          row.payment_method === 'ONLINE_BANK_TRANSFER'
            ? await startOnlinePayment(
                deps,
                { kind: 'FARM', id: row.id, orderNumber: row.order_number, amount: row.total_price },
                { email: a.email, language: language(req) },
              )
            : paymentFor(deps, row);
        return { order: await toFarmOrder(db, row), payment };
      },
      { status: 201 },
    ),
  );
  r.get(
    '/api/orders',
    requireAuth,
    route({ query: ZPageQuery }, async ({ query, auth }) => {
      const userId = mustAuth(auth).userId;
      const base = db.selectFrom('farm_orders').where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: await Promise.all(rows.map((o) => toFarmOrder(db, o))),
        meta: pageMeta(query.page, query.perPage, Number(count.n)),
      };
    }),
  );
  r.get(
    '/api/orders/:id',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth }) => {
      const row = await getFarmOrderRow(db, params.id, mustAuth(auth).userId);
      return { order: await toFarmOrder(db, row), payment: paymentFor(deps, row) };
    }),
  );
  r.post(
    '/api/orders/:id/pay',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth, req }) => {
      const a = mustAuth(auth);
      const row = await getFarmOrderRow(db, params.id, a.userId);
      if (row.payment_status === 'PAID') throw conflict(OrdersErrorCode.alreadyPaid, 'Already paid');
      if (row.payment_method !== 'ONLINE_BANK_TRANSFER')
        throw conflict(OrdersErrorCode.paymentMethodMismatch, 'Not an online payment');
      if (row.status === 'ORDER_CANCELLED')
        throw conflict(OrdersErrorCode.cancelNotAllowed, 'The order is cancelled');
      return startOnlinePayment(
        deps,
        { kind: 'FARM', id: row.id, orderNumber: row.order_number, amount: row.total_price },
        { email: a.email, language: language(req) },
      );
    }),
  );
  r.post(
    '/api/orders/:id/cancel',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth }) => {
      const a = mustAuth(auth);
      const row = await db.transaction().execute((trx) =>
        transitionFarmOrder(trx, deps, params.id, 'ORDER_CANCELLED', 'USER', a.userId, {
          ownerId: a.userId,
        }),
      );
      return toFarmOrder(db, row);
    }),
  );
  /** The customer's own progress: collecting started, collection completed. */
  r.post(
    '/api/orders/:id/status',
    requireAuth,
    route({ params: ZIdParam, body: ZChangeStatusBody }, async ({ params, body, auth }) => {
      const a = mustAuth(auth);
      const row = await db.transaction().execute((trx) =>
        transitionFarmOrder(trx, deps, params.id, body.status as FarmOrderStatus, 'USER', a.userId, {
          ownerId: a.userId,
        }),
      );
      return toFarmOrder(db, row);
    }),
  );

  // ---- garden tests: the mobile add-test flow and my tests ----
  r.post(
    '/api/soil-tests/verify',
    requireAuth,
    route({ body: ZVerifyBarcodeBody }, ({ body }) => verifyBarcode(deps, body.barcode)),
  );
  r.post(
    '/api/soil-tests',
    requireAuth,
    route(
      { body: ZAddGardenTestBody },
      async ({ body, auth }) => toGardenTest(db, await addGardenTest(deps, mustAuth(auth), body)),
      { status: 201 },
    ),
  );
  r.get(
    '/api/soil-tests',
    requireAuth,
    route({ query: ZMyTestsQuery }, ({ query, auth }) => myTests(deps, mustAuth(auth).userId, query)),
  );
  r.get(
    '/api/soil-tests/:id',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth }) =>
      toGardenTest(db, await getGardenTestRow(db, params.id, mustAuth(auth).userId)),
    ),
  );
  r.patch(
    '/api/soil-tests/:id',
    requireAuth,
    route({ params: ZIdParam, body: ZUpdateGardenTestBody }, async ({ params, body, auth }) =>
      toGardenTest(db, await updateGardenTest(deps, mustAuth(auth).userId, params.id, body)),
    ),
  );
  r.post(
    '/api/soil-tests/:id/confirm-shipment',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth }) => {
      const a = mustAuth(auth);
      const row = await db.transaction().execute((trx) =>
        transitionGardenTest(trx, deps, params.id, 'WAITING_FOR_RESULTS', 'USER', a.userId, {
          ownerId: a.userId,
        }),
      );
      return toGardenTest(db, row);
    }),
  );
  r.post(
    '/api/soil-tests/:id/cancel',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth }) => {
      const a = mustAuth(auth);
      const row = await db
        .transaction()
        .execute((trx) =>
          transitionGardenTest(trx, deps, params.id, 'CANCELLED', 'USER', a.userId, { ownerId: a.userId }),
        );
      return toGardenTest(db, row);
    }),
  );

  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: deps.ctx.config.PHOTO_MAX_BYTES, files: 1 },
  }).single('photo');
  const photoUpload = (req: Request, res: Response, next: NextFunction) =>
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        return next(
          new AppError(OrdersErrorCode.photoTooLarge, 413, 'Photo too large', undefined, {
            max: Math.round(deps.ctx.config.PHOTO_MAX_BYTES / 1048576),
          }),
        );
      }
      if (error)
        return next(
          new AppError(OrdersErrorCode.photoNotImage, 400, `Invalid upload: ${(error as Error).message}`),
        );
      next();
    });
  r.put(
    '/api/soil-tests/:id/photo',
    requireAuth,
    photoUpload,
    route({ params: ZIdParam }, async ({ params, auth, req }) =>
      toGardenTest(db, await savePhoto(deps, mustAuth(auth).userId, params.id, req.file)),
    ),
  );
  r.get(
    '/api/soil-tests/:id/photo',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth, res }) => {
      const t = await getGardenTestRow(db, params.id, mustAuth(auth).userId);
      const photo = t.photo as { filename: string; path: string; mimetype: string } | null;
      if (!photo) throw new AppError(OrdersErrorCode.photoNotFound, 404, 'No photo');
      res.setHeader('content-type', photo.mimetype);
      res.setHeader('content-disposition', `inline; filename="${photo.filename.replace(/"/g, '')}"`);
      res.setHeader('x-content-type-options', 'nosniff');
      await new Promise<void>((resolve, reject) => {
        const stream = createReadStream(path.join(deps.ctx.config.UPLOAD_DIR, photo.path));
        stream.on('error', reject);
        stream.on('end', () => resolve());
        stream.pipe(res);
      });
      return undefined;
    }),
  );

  // ---- payments ----
  /** Przelewy24 calls this (no user token): signature, amount and verify are checked inside. */
  r.post(
    '/api/payments/p24/notify',
    route({ body: ZP24Notification }, ({ body }) => handleP24Notification(deps, body)),
  );

  return r;
}
