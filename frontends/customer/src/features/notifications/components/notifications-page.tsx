import { useState } from 'react';
import type { InAppFilter, TInAppNotification } from '@gleba/contracts';
import { noticeText } from '@gleba/i18n';
import { toast } from '@gleba/ui';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { useMarkSeen, useNotifications } from '../api/notifications';

function NotificationItem({ item, onSeen }: { item: TInAppNotification; onSeen: (id: string) => void }) {
  const tr = useT();
  const lang = useLang();
  // Statuses by name, money and dates in the reader's language: the same text as the e-mail's.
  const text = noticeText(lang, item.content, item.params);
  return (
    <li className={`notification${item.seen ? '' : ' notification--unseen'}`} data-testid="notification">
      <div>
        {!item.seen && <span className="notification__badge">{tr('customer.unread')}</span>}
        <p className="notification__text">{text}</p>
        <time className="notification__date" dateTime={item.createdAt}>
          {new Date(item.createdAt).toLocaleString(
            lang === 'uk' ? 'uk-UA' : lang === 'en' ? 'en-GB' : 'pl-PL',
          )}
        </time>
      </div>
      {!item.seen && (
        <button type="button" className="gl-button gl-button--secondary" onClick={() => onSeen(item.id)}>
          {tr('customer.markSeen')}
        </button>
      )}
    </li>
  );
}

/** /notifications: all or unread, newest first, paged with meta.next / meta.prev. */
export function NotificationsPage() {
  const tr = useT();
  const lang = useLang();
  const [filter, setFilter] = useState<InAppFilter>('all');
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useNotifications(page, filter);
  const markSeen = useMarkSeen();

  const select = (f: InAppFilter) => {
    setFilter(f);
    setPage(1);
  };
  const onSeen = (id: string) => markSeen(id).catch((e: unknown) => toast.error(describeError(lang, e)));

  return (
    <section className="page">
      <div role="tablist" className="tabs">
        {(['all', 'unread'] as const).map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            className="tabs__tab"
            onClick={() => select(f)}
          >
            {tr(f === 'all' ? 'customer.tabAll' : 'customer.tabUnread')}
          </button>
        ))}
      </div>
      {isLoading && <p aria-busy="true">{tr('common.loading')}</p>}
      {error && <p role="alert">{tr('customer.notificationsLoadFailed')}</p>}
      {data && data.items.length === 0 && <p>{tr('customer.noNotifications')}</p>}
      {data && data.items.length > 0 && (
        <ul className="notifications">
          {data.items.map((item) => (
            <NotificationItem key={item.id} item={item} onSeen={onSeen} />
          ))}
        </ul>
      )}
      {data && (data.meta.prev !== null || data.meta.next !== null) && (
        <nav className="pager">
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={data.meta.prev === null}
            onClick={() => data.meta.prev && setPage(data.meta.prev)}
          >
            {tr('customer.previousPage')}
          </button>
          <span>{page}</span>
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={data.meta.next === null}
            onClick={() => data.meta.next && setPage(data.meta.next)}
          >
            {tr('customer.nextPage')}
          </button>
        </nav>
      )}
    </section>
  );
}
