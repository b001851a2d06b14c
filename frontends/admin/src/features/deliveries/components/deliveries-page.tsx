import { useState } from 'react';
import { formatDate, useLang, useT } from '../../../lib/i18n';
import { PagedTable } from '../../../lib/paging';
import { FilterSelect } from '../../../components/list-filters';
import { useModeStore } from '../../../stores/mode-store';
import { useFailedDeliveries, useSmsLog } from '../api/deliveries';

/** Failed e-mail and SMS deliveries with the provider's reason, and the SMS kept unsent. */
export function DeliveriesPage() {
  const tr = useT();
  const lang = useLang();
  const mode = useModeStore((s) => s.mode);
  const [channel, setChannel] = useState('');
  const [page, setPage] = useState(1);
  const [smsPage, setSmsPage] = useState(1);
  const failed = useFailedDeliveries(mode, channel, page);
  const sms = useSmsLog(mode, smsPage);
  return (
    <section className="page">
      <h1>{tr('admin.deliveriesTitle')}</h1>
      <div className="filters">
        <FilterSelect
          label={tr('admin.channel')}
          value={channel}
          values={['EMAIL', 'SMS'] as const}
          labelOf={(c) => tr(`admin.channel${c}`)}
          onChange={(v) => {
            setChannel(v);
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        error={failed.error}
        loading={failed.isLoading}
        rows={failed.data?.items}
        rowKey={(d) => d.id}
        columns={[
          { key: 'date', header: tr('admin.date'), cell: (d) => formatDate(lang, d.createdAt) },
          { key: 'channel', header: tr('admin.channel'), cell: (d) => tr(`admin.channel${d.channel}`) },
          { key: 'recipient', header: tr('admin.recipient'), cell: (d) => d.recipient ?? '—' },
          {
            key: 'type',
            header: tr('admin.notificationType'),
            cell: (d) => tr(`notifications.type${d.type}`),
          },
          { key: 'reason', header: tr('admin.reason'), cell: (d) => d.reason ?? '—' },
          { key: 'attempts', header: tr('admin.attempts'), cell: (d) => d.attempts },
        ]}
        meta={failed.data?.meta}
        onPage={setPage}
      />
      <h2>{tr('admin.smsLog')}</h2>
      <PagedTable
        loading={sms.isLoading}
        rows={sms.data?.items}
        rowKey={(s) => s.id}
        columns={[
          { key: 'date', header: tr('admin.date'), cell: (s) => formatDate(lang, s.createdAt) },
          { key: 'to', header: tr('admin.recipient'), cell: (s) => s.to },
          { key: 'from', header: tr('admin.from'), cell: (s) => s.from },
          { key: 'body', header: tr('admin.message'), cell: (s) => s.body },
          { key: 'segments', header: tr('admin.smsSegments'), cell: (s) => s.segments ?? '—' },
        ]}
        meta={sms.data?.meta}
        onPage={setSmsPage}
      />
    </section>
  );
}
