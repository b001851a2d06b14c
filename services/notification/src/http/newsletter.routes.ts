import express, { type Express } from 'express';
import {
  NotificationErrorCode,
  ZNewsletterSubscribeBody,
  ZTokenParam,
  type TNewsletterStatus,
} from '@gleba/contracts';
import {
  AppError,
  mustAuth,
  notFound,
  requestLanguage,
  requireAuth,
  route,
  type ServiceContext,
} from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  findSubscription,
  setSubscription,
  unsubscribeByToken,
} from '../db/repositories/newsletter.repository';

/** Subscribe (signed in or with an address) and unsubscribe by the token in every newsletter. */
export function newsletterRoutes(app: Express, ctx: ServiceContext<Database, Config>): void {
  const { db } = ctx;
  const router = express.Router();

  router.get(
    '/subscription',
    requireAuth,
    route({}, async ({ auth }): Promise<TNewsletterStatus> => {
      const { email } = mustAuth(auth);
      const s = await findSubscription(db, email);
      return { email: email.toLowerCase(), subscribed: s?.subscribed ?? false };
    }),
  );

  router.post(
    '/subscribe',
    route({ body: ZNewsletterSubscribeBody }, async ({ body, auth, req }): Promise<TNewsletterStatus> => {
      const email = auth?.email ?? body.email;
      if (!email)
        throw new AppError(NotificationErrorCode.newsletterEmailRequired, 400, 'E-mail address required');
      const s = await setSubscription(db, {
        email,
        userId: auth?.userId ?? null,
        language: body.language ?? requestLanguage(req),
        subscribed: true,
        sourceAt: new Date().toISOString(),
      });
      return { email: email.toLowerCase(), subscribed: s?.subscribed ?? true };
    }),
  );

  router.post(
    '/unsubscribe',
    requireAuth,
    route({}, async ({ auth, req }): Promise<TNewsletterStatus> => {
      const { email, userId } = mustAuth(auth);
      await setSubscription(db, {
        email,
        userId,
        language: requestLanguage(req),
        subscribed: false,
        sourceAt: new Date().toISOString(),
      });
      return { email: email.toLowerCase(), subscribed: false };
    }),
  );

  // GET so the link in an e-mail works by itself; POST for one-click unsubscribe (RFC 8058).
  const byToken = route({ params: ZTokenParam }, async ({ params }): Promise<TNewsletterStatus> => {
    const s = await unsubscribeByToken(db, params.token);
    if (!s) throw notFound(NotificationErrorCode.newsletterTokenInvalid, 'Unknown unsubscribe token');
    return { email: s.email, subscribed: false };
  });
  router.get('/unsubscribe/:token', byToken);
  router.post('/unsubscribe/:token', byToken);

  app.use('/api/newsletter', router);
}
