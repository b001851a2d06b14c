import express, { Router, type Request } from 'express';
import { resolveLanguage } from '@gleba/i18n';
import {
  NotificationErrorCode,
  ZNewsletterSubscribeBody,
  ZTokenParam,
  type TNewsletterStatus,
} from '@gleba/contracts';
import { AppError, mustAuth, requestLanguage, requireAuth, route } from '@gleba/platform';
import {
  newsletterStatus,
  subscribeNewsletter,
  unsubscribeNewsletter,
  unsubscribeNewsletterByToken,
} from '../app/newsletter';
import { unsubscribePage } from '../domain/templates';
import type { Deps } from '../app/deps';

/** Subscribe (signed in or with an address) and unsubscribe by the token in every newsletter. */
export function newsletterRoutes(ctx: Deps): Router {
  const routes = Router();
  const router = express.Router();

  router.get(
    '/subscription',
    requireAuth,
    route({}, ({ auth }): Promise<TNewsletterStatus> => newsletterStatus(ctx, mustAuth(auth).email)),
  );

  router.post(
    '/subscribe',
    route({ body: ZNewsletterSubscribeBody }, ({ body, auth, req }): Promise<TNewsletterStatus> => {
      const email = auth?.email ?? body.email;
      if (!email)
        throw new AppError(NotificationErrorCode.newsletterEmailRequired, 400, 'E-mail address required');
      return subscribeNewsletter(ctx, {
        email,
        userId: auth?.userId ?? null,
        language: body.language ?? requestLanguage(req),
      });
    }),
  );

  router.post(
    '/unsubscribe',
    requireAuth,
    route({}, ({ auth, req }): Promise<TNewsletterStatus> => {
      const { email, userId } = mustAuth(auth);
      return unsubscribeNewsletter(ctx, { email, userId, language: requestLanguage(req) });
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
    const status = await unsubscribeNewsletterByToken(ctx, params.token);
    if (html(req)) {
      res.type('html').send(unsubscribePage(pageLanguage(req), 'done', req.originalUrl));
      return undefined;
    }
    return status;
  });
  router.get('/unsubscribe/:token', byToken);
  router.post('/unsubscribe/:token', byToken);

  routes.use('/api/newsletter', router);
  return routes;
}
