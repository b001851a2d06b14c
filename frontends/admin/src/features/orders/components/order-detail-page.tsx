import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { ConfirmationDialog, OrderNotFoundPage, SelectField, Table, TextField, toast } from '@gleba/ui';
import { isApiError } from '@gleba/api-client';
import { getCrop } from '@gleba/agronomy';
import { formatArea, formatNumber } from '@gleba/i18n';
import { formatDate, formatPrice, useDescribeError, useLang, useT } from '../../../lib/i18n';
import { useModeStore } from '../../../stores/mode-store';
import type { Language } from '@gleba/contracts';
import {
  cancelOrder,
  changeOrderStatus,
  markOrderPaid,
  markOrderRefunded,
  useAdminOrder,
  type AdminOrderDetail,
} from '../api/orders';
import { adminCanCancel, adminStatusChanges } from '@gleba/contracts';
import { SamplingCard } from './sampling-card';

function Dl({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="dl">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A crop or plant id (`winter-wheat`) as its name in the panel's language; an unknown id as is. */
export function plantName(plantId: string | null | undefined, lang: Language): string {
  if (!plantId) return '—';
  return getCrop(plantId)?.names[lang] ?? plantId;
}

/**
 * An order (farm) or a garden test: client, company, farm, report, samples, status history, the
 * allowed status changes, cancel and mark paid. `shipments` is the order's shipments panel (composed by the route).
 */
export function OrderDetailPage({
  id,
  shipments,
}: {
  id: string;
  shipments?: (orderNumber: string) => ReactNode;
}) {
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  const mode = useModeStore((s) => s.mode);
  const { data: order, error, isLoading, mutate } = useAdminOrder(id, mode);
  const { mutate: globalMutate } = useSWRConfig();
  const [next, setNext] = useState('');
  const [tracking, setTracking] = useState('');
  const [confirm, setConfirm] = useState<'cancel' | 'paid' | 'refunded' | null>(null);
  const [busy, setBusy] = useState(false);

  if (error) {
    if (isApiError(error) && error.status === 404) return <OrderNotFoundPage />;
    return (
      <p role="alert" className="gl-field__error">
        {describe(error)}
      </p>
    );
  }
  if (isLoading || !order) return <p aria-busy="true">…</p>;

  async function run(action: () => Promise<AdminOrderDetail>, success: string) {
    setBusy(true);
    try {
      const updated = await action();
      await mutate(updated, { revalidate: false });
      // Lists of orders show the new status too.
      await globalMutate((key) => Array.isArray(key) && key[0] === 'orders', undefined, { revalidate: true });
      toast.success(success);
    } catch (err) {
      toast.error(describe(err));
    } finally {
      setBusy(false);
      setConfirm(null);
      setNext('');
    }
  }

  const allowed = adminStatusChanges(order.kind, order.status);
  const sessions = order.payments ?? [];
  const dueSessions = sessions.filter((p) => p.status === 'REFUND_DUE');
  const refundDue = order.kind === 'FARM' && (order.paymentStatus === 'REFUND_DUE' || dueSessions.length > 0);
  const dueAmount = dueSessions.length
    ? dueSessions.reduce((sum, p) => sum + p.amount, 0)
    : order.kind === 'FARM'
      ? order.totalPrice
      : 0;
  const c = order.client;
  const address = c.address
    ? [
        [
          c.address.streetName,
          `${c.address.buildingNumber ?? ''}${c.address.apartmentNumber ? `/${c.address.apartmentNumber}` : ''}`,
        ]
          .filter(Boolean)
          .join(' '),
        [c.address.postCode, c.address.cityName].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : null;

  return (
    <section className="page order-detail">
      <p>
        <Link to="/orders">← {tr('admin.back')}</Link>
      </p>
      <h1>
        {tr('admin.orderTitle', { number: order.orderNumber })}{' '}
        <span className={`status status--${order.status}`}>{tr(`notifications.status${order.status}`)}</span>
      </h1>

      <div className="actions">
        {allowed.length > 0 ? (
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (next)
                void run(
                  () => changeOrderStatus(order.id, next, next === 'KIT_SENT' ? tracking.trim() : undefined),
                  tr('admin.statusChanged', { status: tr(`notifications.status${next}`) }),
                );
            }}
          >
            <SelectField
              label={tr('admin.newStatus')}
              placeholder="—"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              options={allowed.map((s) => ({ value: s, label: tr(`notifications.status${s}`) }))}
            />
            {next === 'KIT_SENT' && (
              <TextField
                label={tr('admin.kitTrackingNumber')}
                value={tracking}
                maxLength={64}
                onChange={(e) => setTracking(e.target.value)}
              />
            )}
            <button type="submit" className="gl-button" disabled={!next || busy}>
              {tr('admin.changeStatus')}
            </button>
          </form>
        ) : (
          <p>{tr('admin.noAllowedChanges')}</p>
        )}
        {order.kind === 'FARM' && order.paymentStatus !== 'PAID' && order.status !== 'ORDER_CANCELLED' && (
          <button type="button" className="gl-button" disabled={busy} onClick={() => setConfirm('paid')}>
            {tr('admin.markPaid')}
          </button>
        )}
        {refundDue && (
          <button type="button" className="gl-button" disabled={busy} onClick={() => setConfirm('refunded')}>
            {tr('admin.markRefunded')}
          </button>
        )}
        {adminCanCancel(order.kind, order.status) && (
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={busy}
            onClick={() => setConfirm('cancel')}
          >
            {tr('admin.cancelOrder')}
          </button>
        )}
      </div>

      <div className="cards">
        <article className="card">
          <h2>{tr('admin.sectionClient')}</h2>
          <Dl
            items={[
              [tr('admin.name'), [c.firstName, c.lastName].filter(Boolean).join(' ')],
              [tr('admin.email'), c.email],
              [tr('admin.phone'), c.phoneNumber],
              [tr('admin.address'), address],
            ]}
          />
        </article>
        {order.company && (
          <article className="card">
            <h2>{tr('admin.sectionCompany')}</h2>
            <Dl
              items={[
                [tr('admin.companyName'), order.company.companyName],
                [tr('admin.taxNumber'), order.company.taxNumber],
              ]}
            />
          </article>
        )}
        {order.kind === 'FARM' && (
          <article className="card">
            <h2>{tr('admin.sectionPayment')}</h2>
            <Dl
              items={[
                [tr('admin.colTotal'), formatPrice(lang, order.totalPrice)],
                [tr('admin.paymentMethod'), tr(`admin.method${order.paymentMethod}`)],
                [tr('admin.colPayment'), tr(`admin.payment${order.paymentStatus}`)],
                [tr('admin.paymentDue'), formatDate(lang, order.paymentDueDate)],
                [tr('admin.paidAt'), formatDate(lang, order.paidAt)],
                [tr('admin.colType'), tr(`admin.type${order.type}`)],
              ]}
            />
            {refundDue && (
              <p role="alert" className="gl-field__error">
                {tr('admin.refundDueNotice', { amount: formatPrice(lang, dueAmount) })}
              </p>
            )}
            {sessions.length > 0 && (
              <>
                <h3>{tr('admin.paymentSessions')}</h3>
                <Table
                  rows={sessions}
                  rowKey={(p) => p.sessionId}
                  columns={[
                    {
                      key: 'started',
                      header: tr('admin.colStarted'),
                      cell: (p) => formatDate(lang, p.startedAt),
                    },
                    {
                      key: 'status',
                      header: tr('admin.colPayment'),
                      cell: (p) => tr(`admin.session${p.status}`),
                    },
                    { key: 'amount', header: tr('admin.colTotal'), cell: (p) => formatPrice(lang, p.amount) },
                    { key: 'ended', header: tr('admin.colEnded'), cell: (p) => formatDate(lang, p.endedAt) },
                  ]}
                />
              </>
            )}
            {order.failedPayments && order.failedPayments.length > 0 && (
              <>
                <h3>{tr('admin.failedPayments')}</h3>
                <ul>
                  {order.failedPayments.map((f, i) => (
                    <li key={i}>
                      {formatDate(lang, f.updatedAt)}: {f.errorType} — {f.errorMessage} ({f.attempts})
                    </li>
                  ))}
                </ul>
              </>
            )}
          </article>
        )}
        <article className="card">
          <h2>{tr('admin.sectionReport')}</h2>
          <Dl
            items={[
              [tr('admin.reportCompleted'), tr(order.report.completed ? 'admin.yes' : 'admin.no')],
              [
                tr('admin.reportCodes'),
                <span className="codes">
                  {order.report.sampleCodes.map((code) => (
                    <code key={code}>{code}</code>
                  ))}
                </span>,
              ],
              [
                tr('admin.additionalTests'),
                order.report.additionalTests.map((t) => tr(`labResults.test${t}`)).join(', ') || '—',
              ],
            ]}
          />
        </article>
      </div>

      {order.farm && (
        <article className="card">
          <h2>{tr('admin.sectionFarm')}</h2>
          <p>{tr('admin.totalArea', { area: formatNumber(lang, order.farm.totalAreaHa, 2, 2) })}</p>
          <div className="table-wrap">
            <Table
              rows={order.farm.crops}
              rowKey={(r) => r.cropId}
              columns={[
                { key: 'field', header: tr('admin.field'), cell: (r) => r.fieldName },
                { key: 'crop', header: tr('admin.crop'), cell: (r) => plantName(r.plantId, lang) },
                { key: 'plots', header: tr('admin.plots'), cell: (r) => r.plotNumbers.join(', ') },
                { key: 'area', header: tr('admin.area'), cell: (r) => formatArea(lang, r.areaHa) },
                { key: 'sectors', header: tr('admin.sectors'), cell: (r) => r.sectors },
              ]}
            />
          </div>
        </article>
      )}

      <article className="card">
        <h2>{tr('admin.sectionSamples')}</h2>
        <div className="table-wrap">
          {order.kind === 'FARM' ? (
            <Table
              rows={order.samples}
              rowKey={(s) => s.id}
              columns={[
                { key: 'no', header: tr('admin.sampleNumber'), cell: (s) => s.sampleNumber },
                { key: 'code', header: tr('admin.sampleCode'), cell: (s) => <code>{s.code}</code> },
                {
                  key: 'field',
                  header: tr('admin.field'),
                  cell: (s) => [s.fieldName, s.sectorName].filter(Boolean).join(' / '),
                },
                { key: 'crop', header: tr('admin.crop'), cell: (s) => plantName(s.plantId, lang) },
                { key: 'area', header: tr('admin.area'), cell: (s) => formatArea(lang, s.areaHa) },
                { key: 'punctures', header: tr('admin.plannedPunctures'), cell: (s) => s.punctures },
                {
                  key: 'taken',
                  header: tr('sampling.takenTitle'),
                  cell: (s) => ('puncturesTaken' in s ? s.puncturesTaken : 0),
                },
              ]}
            />
          ) : (
            <Table
              rows={[order]}
              rowKey={(s) => s.id}
              columns={[
                { key: 'barcode', header: tr('admin.barcode'), cell: (s) => <code>{s.barcode}</code> },
                { key: 'garden', header: tr('admin.gardenName'), cell: (s) => s.gardenName },
                { key: 'crop', header: tr('admin.crop'), cell: (s) => plantName(s.plantId, lang) },
                {
                  key: 'area',
                  header: tr('admin.area'),
                  cell: (s) => (s.gardenAreaAres === null ? '—' : `${s.gardenAreaAres} a`),
                },
                { key: 'punctures', header: tr('admin.punctures'), cell: (s) => s.punctures },
              ]}
            />
          )}
        </div>
      </article>

      {order.kind === 'FARM' && <SamplingCard orderId={order.id} />}

      <article className="card">
        <h2>{tr('admin.sectionHistory')}</h2>
        <ol className="history">
          {order.statusHistory.map((h, i) => (
            <li key={i}>
              <time dateTime={h.changeDate}>{formatDate(lang, h.changeDate)}</time> —{' '}
              {tr(`notifications.status${h.status}`)}
              {' — '}
              <span className="history__who">
                {h.updatedBy
                  ? tr('admin.historyBy', {
                      name: h.updatedBy.name ?? tr('admin.historyUnknownPerson'),
                      role: tr(`admin.historyRole${h.updatedBy.role}`),
                    })
                  : tr('admin.historyBySystem')}
              </span>
            </li>
          ))}
        </ol>
      </article>

      {shipments && (
        <article className="card">
          <h2>{tr('admin.sectionShipments')}</h2>
          {shipments(order.orderNumber)}
        </article>
      )}

      <ConfirmationDialog
        open={confirm !== null}
        busy={busy}
        danger={confirm === 'cancel'}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm === 'cancel'
            ? void run(() => cancelOrder(order.id), tr('admin.orderCancelled'))
            : confirm === 'refunded'
              ? void run(() => markOrderRefunded(order.id), tr('admin.markedRefunded'))
              : void run(() => markOrderPaid(order.id), tr('admin.markedPaid'))
        }
      >
        {confirm === 'cancel'
          ? tr('admin.cancelOrderConfirm', { number: order.orderNumber })
          : confirm === 'refunded'
            ? tr('admin.markRefundedConfirm', { number: order.orderNumber })
            : tr('admin.markPaidConfirm', { number: order.orderNumber })}
      </ConfirmationDialog>
    </section>
  );
}
