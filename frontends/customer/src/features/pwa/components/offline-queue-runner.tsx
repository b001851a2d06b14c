import { useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useSWRConfig } from 'swr';
import { toast } from '@gleba/ui';
import { describeError, translateLater } from '../../../lib/i18n';
import { api } from '../../../lib/api-client';
import { useLanguageStore } from '../../../stores/language-store';
import { currentUserKey, useCurrentUser } from '../../../lib/current-user';
import { keepPlantsForOffline } from '../../../lib/api/plants';
import { flushQueue, readQueue } from '../../../lib/offline/offline-queue';
import { isOfflineError } from '../../../lib/offline/offline';
import { flushPunctures, readPunctures } from '../../../lib/offline/punctures-queue';
import { sendAndKeep } from '../../../lib/api/sampling';
import './pwa.css';

const send = (body: unknown) => api.post('soil-tests', body);

/**
 * Signed-in shell: shows a notice while offline and, when `online` fires (or the app opens online
 * with tests still queued), sends the tests added offline with a toast in the user's language.
 * Online it keeps the plant list for the offline sample form (at most once a day).
 */
export function OfflineQueueRunner() {
  const { mutate } = useSWRConfig();
  const userId = useCurrentUser().data?.id;
  const [offline, setOffline] = useState(
    () => typeof navigator !== 'undefined' && navigator.onLine === false,
  );

  useEffect(() => {
    /** Punctures of the sampling screen taken offline (decision 0058). */
    async function flushSampling() {
      if (!userId || !readPunctures().some((q) => q.userId === userId)) return;
      const result = await flushPunctures({
        userId,
        send: sendAndKeep(mutate),
        isNetworkError: isOfflineError,
      });
      const lang = useLanguageStore.getState().lang;
      if (result.sent > 0) {
        toast.success(await translateLater(lang, ['sampling'], 'sampling.queueSent', { count: result.sent }));
        void mutate((key) => typeof key === 'string' && /^orders\/[^/]+\/sampling$/.test(key));
      }
      for (const { code, error } of result.refused)
        toast.error(
          await translateLater(lang, ['sampling'], 'sampling.queueFailed', {
            code,
            reason: describeError(lang, error),
          }),
        );
    }
    async function flush() {
      void flushSampling();
      if (!userId || !readQueue().some((q) => q.userId === userId)) return;
      const result = await flushQueue({ userId, send, isNetworkError: isOfflineError });
      const lang = useLanguageStore.getState().lang;
      if (result.sent.length > 0) {
        toast.success(await translateLater(lang, ['pwa'], 'pwa.queueSent', { count: result.sent.length }));
        void mutate((key) =>
          (typeof key === 'string' ? key : Array.isArray(key) ? String(key[0]) : '').startsWith('soil-tests'),
        );
      }
      for (const { item, error } of result.refused)
        toast.error(
          await translateLater(lang, ['pwa'], 'pwa.queueFailed', {
            barcode: item.barcode,
            reason: describeError(lang, error),
          }),
        );
    }
    const goOnline = () => {
      setOffline(false);
      // Opened offline, the app ran as the kept user: the session is checked again.
      void mutate(currentUserKey);
      void flush();
      void keepPlantsForOffline();
    };
    const goOffline = () => setOffline(true);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    if (navigator.onLine !== false) {
      void flush();
      // The sample form's plant list, for a test added offline later.
      void keepPlantsForOffline();
    }
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [mutate, userId]);

  if (!offline) return null;
  return <OfflineNotice />;
}

/** Offline, the sampling screen queues punctures (not tests): the notice says so there. */
function OfflineNotice() {
  const lang = useLanguageStore((s) => s.lang);
  const sampling = matchPath('/orders/:id/sampling', useLocation().pathname) !== null;
  const [text, setText] = useState('');
  useEffect(() => {
    void translateLater(lang, ['pwa'], sampling ? 'pwa.offlineSampling' : 'pwa.offline').then(setText);
  }, [lang, sampling]);
  return (
    <p role="status" className="offline-notice">
      {text}
    </p>
  );
}
