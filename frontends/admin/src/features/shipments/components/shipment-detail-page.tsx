import { useState } from 'react';
import { Link } from 'react-router';
import { Table, toast } from '@gleba/ui';
import type { TTrackingEvent } from '@gleba/contracts';
import { formatDay } from '@gleba/i18n';
import { formatDate, formatPrice, useDescribeError, useLang, useT, type Translate } from '../../../lib/i18n';
import { useModeStore } from '../../../stores/mode-store';
import { createReturn, labelPdf, returnLabelPdf, trackShipment, useShipment } from '../api/shipments';
import { PdfButton } from './pdf-button';
import { parcelStatusText } from './shipment-cells';

/** DPD codes that report a problem on the way (as the shipping service's domain). */
const EXCEPTION_CODES = new Set(['190103']);

/** A tracking event in the operator's language: DPD's code named, DPD's own text when the code is new to us. */
export function eventLabel(tr: Translate, e: Pick<TTrackingEvent, 'code' | 'description'>): string {
  const key = `common.dpdEvent${e.code}`;
  const named = tr(key);
  return named === key ? e.description : named;
}

/** Package tracking: the shipment, its history (polled from DPD on demand), labels and the return code. */
export function ShipmentDetailPage({ id }: { id: string }) {
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  const mode = useModeStore((s) => s.mode);
  const { data: s, error, mutate } = useShipment(id, mode);
  const [busy, setBusy] = useState(false);

  if (error)
    return (
      <p role="alert" className="gl-field__error">
        {describe(error)}
      </p>
    );
  if (!s) return <p aria-busy="true">…</p>;
  const latest = s.history.at(-1);

  async function run(action: () => Promise<unknown>, success?: (r: unknown) => string) {
    setBusy(true);
    try {
      const result = await action();
      await mutate();
      if (success) toast.success(success(result));
    } catch (err) {
      toast.error(describe(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page">
      <p>
        <Link to="/shipments">← {tr('admin.back')}</Link>
      </p>
      <h1>{tr('admin.shipmentTitle', { waybill: s.waybill ?? s.dropOffCode?.code ?? s.orderNumber })}</h1>
      <dl className="dl">
        <div>
          <dt>{tr('admin.colOrderNumber')}</dt>
          <dd>{s.orderNumber}</dd>
        </div>
        <div>
          <dt>{tr('admin.status')}</dt>
          <dd>
            {parcelStatusText(tr, s)}
            {/* DPD's latest event beside our coarser status ("out for delivery" is IN_TRANSIT, decision 0045). */}
            {latest && (
              <span className="history__who">
                {' · '}
                {eventLabel(tr, latest)} ({formatDate(lang, latest.at)})
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{tr('admin.shipmentType')}</dt>
          <dd>
            {tr(`admin.shipType${s.shipmentType}`)} · {s.size}
          </dd>
        </div>
        {s.courier && (
          <div>
            <dt>{tr('admin.pickupDate')}</dt>
            <dd>
              {formatDay(lang, s.courier.pickupDate)} {s.courier.timeWindow}
            </dd>
          </div>
        )}
        {s.dropOffCode && (
          <div>
            <dt>{tr('admin.dropOffCode')}</dt>
            <dd>
              {s.dropOffCode.code} ({formatDate(lang, s.dropOffCode.expiresAt)})
            </dd>
          </div>
        )}
        <div>
          <dt>{tr('admin.shippingCost')}</dt>
          <dd>{formatPrice(lang, s.shippingCost)}</dd>
        </div>
        <div>
          <dt>{tr('admin.returnCode')}</dt>
          <dd>{s.returnCode ?? '—'}</dd>
        </div>
        <div>
          <dt>{tr('admin.rma')}</dt>
          <dd>{s.rma ?? '—'}</dd>
        </div>
      </dl>
      <div className="actions">
        {s.waybill && (
          <PdfButton
            label={tr('admin.labelPdf')}
            fallbackName={`label-${s.waybill}.pdf`}
            fetcher={() => labelPdf(s.id, 'A4')}
          />
        )}
        <button
          type="button"
          className="gl-button gl-button--secondary"
          disabled={busy}
          onClick={() =>
            void run(
              () => trackShipment(s.id),
              (r) => {
                const found = (r as Awaited<ReturnType<typeof trackShipment>>).found;
                const status = tr(`admin.parcel${(r as { status: string }).status}`);
                return found.newEvents > 0
                  ? tr('admin.trackFound', { count: found.newEvents, status })
                  : tr('admin.trackFoundNothing');
              },
            )
          }
        >
          {tr('admin.trackNow')}
        </button>
        {s.returnCode ? (
          <PdfButton
            secondary
            label={tr('admin.returnLabel')}
            fallbackName={`return-${s.returnCode}.pdf`}
            fetcher={() => returnLabelPdf(s.id, 'A4')}
          />
        ) : (
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={busy || s.isCancelled}
            onClick={() =>
              void run(
                () => createReturn(s.id),
                (r) => tr('admin.returnCreated', { code: (r as { returnCode: string }).returnCode }),
              )
            }
          >
            {tr('admin.createReturn')}
          </button>
        )}
      </div>
      <h2>{tr('admin.history')}</h2>
      <div className="table-wrap">
        <Table
          rows={s.history}
          rowKey={(e) => `${e.at}-${e.code}`}
          empty={tr('admin.noHistory')}
          columns={[
            { key: 'at', header: tr('admin.date'), cell: (e) => formatDate(lang, e.at) },
            {
              key: 'desc',
              header: tr('admin.status'),
              cell: (e) => (
                <span className={EXCEPTION_CODES.has(e.code) ? 'tracking__exception' : undefined}>
                  {eventLabel(tr, e)}
                  {EXCEPTION_CODES.has(e.code) ? ` — ${tr('admin.trackingException')}` : ''}
                </span>
              ),
            },
            { key: 'depot', header: tr('admin.depot'), cell: (e) => e.depot ?? '—' },
          ]}
        />
      </div>
    </section>
  );
}
