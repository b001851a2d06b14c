import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSWRConfig } from 'swr';
import type { TNotificationPreference, TNotificationPreferences } from '@gleba/contracts';
import { CheckboxField, FormError, toast } from '@gleba/ui';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { preferencesKey, savePreference, usePreferences, type Channel } from '../api/preferences';
import '../account.css';

const CHANNELS: { key: Channel; label: string }[] = [
  { key: 'isEmailEnabled', label: 'notifications.prefsEmail' },
  { key: 'isInAppEnabled', label: 'notifications.prefsInApp' },
  { key: 'isSmsEnabled', label: 'notifications.prefsSms' },
];

/**
 * My account, "Notifications": each notice type by channel (e-mail, in the app, SMS), saved at
 * once. The footer of every notice e-mail links here (`/my-account#notifications`).
 */
export function NotificationPreferences({ hasPhone }: { hasPhone: boolean }) {
  const tr = useT();
  const lang = useLang();
  const { data, error, isLoading } = usePreferences();
  const { mutate } = useSWRConfig();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);

  // Opened from an e-mail's footer: the section itself, once it has its content.
  useEffect(() => {
    if (hash === '#notifications' && data) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, data]);

  async function toggle(item: TNotificationPreference, channel: Channel, value: boolean) {
    const before = data;
    const optimistic: TNotificationPreferences | undefined = before && {
      items: before.items.map((p) => (p.type === item.type ? { ...p, [channel]: value } : p)),
    };
    await mutate(preferencesKey, optimistic, { revalidate: false });
    try {
      const saved = await savePreference(item.type, channel, value);
      await mutate(preferencesKey, saved, { revalidate: false });
      toast.success(tr('notifications.prefsSaved'));
    } catch (e) {
      await mutate(preferencesKey, before, { revalidate: false });
      toast.error(describeError(lang, e));
    }
  }

  return (
    <section className="card prefs" id="notifications" ref={section} aria-labelledby="prefs-title">
      <h2 id="prefs-title">{tr('notifications.prefsTitle')}</h2>
      <p className="muted">{tr('notifications.prefsIntro')}</p>
      {!hasPhone && <p className="muted">{tr('notifications.prefsNoPhone')}</p>}
      {isLoading && <p aria-busy="true">{tr('common.loading')}</p>}
      {error && <FormError>{tr('notifications.prefsLoadFailed')}</FormError>}
      {data && (
        <ul className="prefs__list">
          {data.items.map((item) => (
            <li key={item.type} className="prefs__item">
              <fieldset className="prefs__fieldset" data-testid="preference">
                <legend className="prefs__legend">{tr(`notifications.type${item.type}`)}</legend>
                <div className="prefs__channels">
                  {CHANNELS.map((c) => (
                    <CheckboxField
                      key={c.key}
                      label={tr(c.label)}
                      checked={item[c.key]}
                      onChange={(e) => void toggle(item, c.key, e.target.checked)}
                    />
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
