import express, { Router, type Request } from 'express';
import { resolveLanguage } from '@gleba/i18n';
import {
  NotificationErrorCode,
  ZNewsletterSubscribeBody,
  ZTokenParam,
  type TNewsletterStatus,
} from '@gleba/contracts';
import { AppError, mustAuth, notFound, requestLanguage, requireAuth, route } from '@gleba/platform';
import {
  findSubscription,
  setSubscription,
  unsubscribeByToken,
} from '../db/repositories/newsletter.repository';
import { subscribe } from '../app/newsletter';
import { unsubscribePage } from '../domain/templates';
import type { Deps } from '../app/deps';

/** Subscribe (signed in or with an address) and unsubscribe by the token in every newsletter. */
export function newsletterRoutes(ctx: Deps): Router {
  const routes = Router();
  const { queue } = ctx;
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
      const s = await db.transaction().execute((trx) =>
        subscribe(trx, queue, {
          email,
          userId: auth?.userId ?? null,
          language: body.language ?? requestLanguage(req),
          subscribed: true,
          sourceAt: new Date().toISOString(),
        }),
      );
      return { email: email.toLowerCase(), subscribed: s.subscribed };
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

  // POST: one-click unsubscribe (RFC 8058, the `List-Unsubscribe-Post` of every newsletter mail).
  // GET from a program unsubscribes too; GET from a browser (the link in the mail) shows a page
  // whose button POSTs, so a mail scanner following links unsubscribes no one.
  const html = (req: Request) => req.accepts(['json', 'html']) === 'html';
  const pageLanguage = (req: Request) =>
    typeof req.query.lang === 'string' ? resolveLanguage(req.query.lang) : requestLanguage(req);
  const byToken = route({ params: ZTokenParam }, async ({ params, req, res }) => {
    if (req.method === 'GET' && html(req)) {
      res.type('html').send(unsubscribePage(pageLanguage(req), 'confirm', req.originalUrl));
      return undefined;
    }
    const s = await unsubscribeByToken(db, params.token);
    if (!s) throw notFound(NotificationErrorCode.newsletterTokenInvalid, 'Unknown unsubscribe token');
    if (html(req)) {
      res.type('html').send(unsubscribePage(pageLanguage(req), 'done', req.originalUrl));
      return undefined;
    }
    return { email: s.email, subscribed: false } satisfies TNewsletterStatus;
  });
  router.get('/unsubscribe/:token', byToken);
  router.post('/unsubscribe/:token', byToken);

  routes.use('/api/newsletter', router);
  return routes;
}
