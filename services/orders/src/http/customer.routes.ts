import { createReadStream } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import {
  OrdersErrorCode,
  ZAddGardenTestBody,
  ZChangePaymentMethodBody,
  ZChangeStatusBody,
  ZCheckPaymentBody,
  ZCreateKitOrderBody,
  ZCreateOrderBody,
  ZFileComplaintBody,
  ZIdParam,
  ZMyTestsQuery,
  ZPageQuery,
  ZP24Notification,
  ZQuoteBody,
  ZRecordPuncturesBody,
  ZSampleParams,
  ZUpdateGardenTestBody,
  ZVerifyBarcodeBody,
  type FarmOrderStatus,
  type Language,
} from '@gleba/contracts';
import { AppError, mustAuth, requireAuth, route } from '@gleba/platform';
import type { Deps } from '../app/deps';
import { checkoutFarmOrder, checkoutKitOrder } from '../app/checkout';
import { buildQuote, changeMyFarmOrderStatus, myFarmOrders } from '../app/farm-orders';
import {
  addGardenTest,
  changeMyGardenTestStatus,
  myGardenTest,
  myGardenTestPhoto,
  savePhoto,
  updateGardenTest,
  verifyBarcode,
} from '../app/garden-tests';
import { complaintPhoto, fileComplaint, myComplaints, type StoredPhoto } from '../app/complaints';
import { myKitOrder } from '../app/kit-orders';
import { myTests } from '../app/listing';
import { recordPunctures, samplingPlan } from '../app/sampling';
import {
  checkOrderPayment,
  handleP24Notification,
  myFarmOrder,
  payFarmOrderAgain,
  switchToTransfer,
} from '../app/payments';
import { requestLanguage } from '@gleba/platform';

/** Streams a stored photo (its type from the upload check, never sniffed by the browser). */
export async function sendPhoto(res: Response, photo: StoredPhoto, uploadDir: string): Promise<void> {
  res.setHeader('content-type', photo.mimetype);
  res.setHeader('content-disposition', `inline; filename="${photo.filename.replace(/"/g, '')}"`);
  res.setHeader('x-content-type-options', 'nosniff');
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(path.join(uploadDir, photo.path));
    stream.on('error', reject);
    stream.on('end', () => resolve());
    stream.pipe(res);
  });
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
      ({ body, auth, req }) => checkoutKitOrder(deps, { ...mustAuth(auth), language: language(req) }, body),
      { status: 201 },
    ),
  );
  r.get(
    '/api/orders/kits/:id',
    requireAuth,
    route({ params: ZIdParam }, ({ params, auth }) => myKitOrder(deps, mustAuth(auth).userId, params.id)),
  );

  r.post(
    '/api/orders',
    requireAuth,
    route(
      { body: ZCreateOrderBody },
      ({ body, auth, req }) => checkoutFarmOrder(deps, { ...mustAuth(auth), language: language(req) }, body),
      { status: 201 },
    ),
  );
  r.get(
    '/api/orders',
    requireAuth,
    route({ query: ZPageQuery }, ({ query, auth }) => myFarmOrders(deps, mustAuth(auth).userId, query)),
  );
  r.get(
    '/api/orders/:id',
    requireAuth,
    route({ params: ZIdParam }, ({ params, auth }) => myFarmOrder(deps, mustAuth(auth).userId, params.id)),
  );
  /** The payment return page asks while it waits; `final` when it stops waiting (decision 0039). */
  r.post(
    '/api/orders/:id/payment/check',
    requireAuth,
    route({ params: ZIdParam, body: ZCheckPaymentBody }, ({ params, body, auth }) =>
      checkOrderPayment(deps, params.id, mustAuth(auth).userId, body.final),
    ),
  );
  /** "Pay again": a new Przelewy24 session (the open one ends ABANDONED). */
  r.post(
    '/api/orders/:id/pay',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth, req }) => {
      const a = mustAuth(auth);
      return payFarmOrderAgain(deps, params.id, { ...a, language: language(req) });
    }),
  );
  /** "Pay by traditional transfer instead": the answer carries the bank details. */
  r.post(
    '/api/orders/:id/payment-method',
    requireAuth,
    route({ params: ZIdParam, body: ZChangePaymentMethodBody }, ({ params, auth }) =>
      switchToTransfer(deps, params.id, mustAuth(auth).userId),
    ),
  );
  r.post(
    '/api/orders/:id/cancel',
    requireAuth,
    route({ params: ZIdParam }, ({ params, auth }) =>
      changeMyFarmOrderStatus(deps, mustAuth(auth).userId, params.id, 'ORDER_CANCELLED'),
    ),
  );
  /** The customer's own progress: collecting started, collection completed. */
  r.post(
    '/api/orders/:id/status',
    requireAuth,
    route({ params: ZIdParam, body: ZChangeStatusBody }, ({ params, body, auth }) =>
      changeMyFarmOrderStatus(deps, mustAuth(auth).userId, params.id, body.status as FarmOrderStatus),
    ),
  );

  // ---- guided sampling (decision 0058) ----
  /** The sampling screen's plan: per sample its outline, the points to take and the ones taken. */
  r.get(
    '/api/orders/:id/sampling',
    requireAuth,
    route({ params: ZIdParam }, ({ params, auth }) => samplingPlan(db, params.id, mustAuth(auth).userId)),
  );
  /** Punctures taken on the sampling screen (sent again from the offline queue harmlessly). */
  r.post(
    '/api/orders/:id/samples/:sampleId/punctures',
    requireAuth,
    route({ params: ZSampleParams, body: ZRecordPuncturesBody }, ({ params, body, auth }) =>
      recordPunctures(deps, mustAuth(auth).userId, params.id, params.sampleId, body.punctures),
    ),
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
    route({ body: ZAddGardenTestBody }, ({ body, auth }) => addGardenTest(deps, mustAuth(auth), body), {
      status: 201,
    }),
  );
  r.get(
    '/api/soil-tests',
    requireAuth,
    route({ query: ZMyTestsQuery }, ({ query, auth }) => myTests(deps, mustAuth(auth).userId, query)),
  );
  r.get(
    '/api/soil-tests/:id',
    requireAuth,
    route({ params: ZIdParam }, ({ params, auth }) => myGardenTest(deps, mustAuth(auth).userId, params.id)),
  );
  r.patch(
    '/api/soil-tests/:id',
    requireAuth,
    route({ params: ZIdParam, body: ZUpdateGardenTestBody }, ({ params, body, auth }) =>
      updateGardenTest(deps, mustAuth(auth).userId, params.id, body),
    ),
  );
  r.post(
    '/api/soil-tests/:id/confirm-shipment',
    requireAuth,
    route({ params: ZIdParam }, ({ params, auth }) =>
      changeMyGardenTestStatus(deps, mustAuth(auth).userId, params.id, 'WAITING_FOR_RESULTS'),
    ),
  );
  r.post(
    '/api/soil-tests/:id/cancel',
    requireAuth,
    route({ params: ZIdParam }, ({ params, auth }) =>
      changeMyGardenTestStatus(deps, mustAuth(auth).userId, params.id, 'CANCELLED'),
    ),
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
    route({ params: ZIdParam }, ({ params, auth, req }) =>
      savePhoto(deps, mustAuth(auth).userId, params.id, req.file),
    ),
  );
  // ---- complaints: within 14 days of the results (a photo is optional, sent as multipart) ----
  r.get(
    '/api/soil-tests/:id/complaints',
    requireAuth,
    route({ params: ZIdParam }, ({ params, auth }) => myComplaints(deps, mustAuth(auth).userId, params.id)),
  );
  r.post(
    '/api/soil-tests/:id/complaints',
    requireAuth,
    photoUpload,
    route(
      { params: ZIdParam, body: ZFileComplaintBody },
      ({ params, body, auth, req }) => fileComplaint(deps, mustAuth(auth).userId, params.id, body, req.file),
      { status: 201 },
    ),
  );
  r.get(
    '/api/complaints/:id/photo',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth, res }) => {
      await sendPhoto(
        res,
        await complaintPhoto(deps, params.id, mustAuth(auth).userId),
        deps.ctx.config.UPLOAD_DIR,
      );
      return undefined;
    }),
  );
  r.get(
    '/api/soil-tests/:id/photo',
    requireAuth,
    route({ params: ZIdParam }, async ({ params, auth, res }) => {
      const photo = await myGardenTestPhoto(deps, mustAuth(auth).userId, params.id);
      await sendPhoto(res, photo, deps.ctx.config.UPLOAD_DIR);
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
