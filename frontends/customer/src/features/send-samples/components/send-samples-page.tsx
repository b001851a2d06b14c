import { Component, lazy, Suspense, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmationDialog, FormError, TextField, toast } from '@gleba/ui';
import {
  PARCEL_SIZES,
  ParcelSize,
  type TPickupPoint,
  type TShipment,
  type TShipmentWithHistory,
  type TShipmentSummary,
} from '@gleba/contracts';
import { formatNumber } from '@gleba/i18n';
import { describeError, useLang, useT, type Translate } from '../../../lib/i18n';
import { downloadPdf } from '../../../lib/api/results';
import { formatDate } from '../../../lib/test-status';
import {
  courierAvailability,
  createShipment,
  labelPath,
  searchPickupPoints,
  searchPickupPointsNear,
  shipmentSummary,
  useShipment,
  useShippables,
} from '../api/shipping';
import { osmLink, withDistances, type LatLng } from '../rules/pickup-points';
import {
  STEPS,
  initialWizard,
  nextWorkingDay,
  shipmentBody,
  stepError,
  type WizardState,
} from '../rules/wizard-rules';
import '../../../lib/styles/results.css';
import './send-samples.css';

function Option({
  selected,
  onSelect,
  name,
  children,
  dataId,
}: {
  selected: boolean;
  onSelect: () => void;
  name: string;
  children: React.ReactNode;
  dataId?: string;
}) {
  return (
    <label className={`wizard-option${selected ? ' wizard-option--selected' : ''}`} data-id={dataId}>
      <input type="radio" name={name} checked={selected} onChange={onSelect} />
      <span>{children}</span>
    </label>
  );
}

const pointAddress = (p: TPickupPoint) => `${p.street}, ${p.postCode} ${p.city}`;

/** MapLibre (about 300 KB gzip, shared with the farm map) loads only when a search found points. */
const PickupMap = lazy(() => import('./pickup-map'));

/** The map is an extra: if its code cannot load (offline, an old deploy) or it throws, the list alone works. */
class MapBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function OpeningHours({ point, tr }: { point: TPickupPoint; tr: Translate }) {
  if (point.openingHours.length === 0) return null;
  return (
    <small className="muted">
      {tr('customerTests.openingHours')}:{' '}
      {point.openingHours.map((h) => `${tr(`customerTests.day${h.day}`)} ${h.open}–${h.close}`).join(', ')}
    </small>
  );
}

function CourierFields({ state, set }: { state: WizardState; set: (patch: Partial<WizardState>) => void }) {
  const tr = useT();
  const lang = useLang();
  const [postCode, setPostCode] = useState('');
  const [windows, setWindows] = useState<string[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function check() {
    if (!state.date) return setError(tr('customerTests.chooseDate'));
    setBusy(true);
    setError(undefined);
    setWindows(undefined);
    set({ timeWindow: '' });
    try {
      const answer = await courierAvailability(state.date, postCode.trim());
      setWindows(answer.timeWindows);
    } catch (e) {
      setError(describeError(lang, e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <fieldset>
      <TextField
        label={tr('customerTests.pickupDate')}
        type="date"
        value={state.date}
        onChange={(e) => set({ date: e.target.value, timeWindow: '' })}
      />
      <TextField
        label={tr('customerTests.postCode')}
        value={postCode}
        placeholder="00-000"
        onChange={(e) => setPostCode(e.target.value)}
      />
      <button
        type="button"
        className="gl-button gl-button--secondary"
        onClick={() => void check()}
        disabled={busy}
      >
        {tr('customerTests.checkAvailability')}
      </button>
      {error && <FormError>{error}</FormError>}
      {windows && windows.length > 0 && (
        <div className="wizard-options" role="radiogroup" aria-label={tr('customerTests.timeWindow')}>
          {windows.map((w) => (
            <Option
              key={w}
              name="window"
              selected={state.timeWindow === w}
              onSelect={() => set({ timeWindow: w })}
            >
              {w}
            </Option>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function PickupFields({
  state,
  set,
  points,
  setPoints,
}: {
  state: WizardState;
  set: (patch: Partial<WizardState>) => void;
  points: TPickupPoint[] | undefined;
  setPoints: (p: TPickupPoint[]) => void;
}) {
  const tr = useT();
  const lang = useLang();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [here, setHere] = useState<LatLng | null>(null);
  async function run(find: () => Promise<TPickupPoint[]>) {
    setBusy(true);
    setError(undefined);
    try {
      setPoints(await find());
    } catch (err) {
      setError(describeError(lang, err));
    } finally {
      setBusy(false);
    }
  }
  function search(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return;
    void run(() => searchPickupPoints(text));
  }
  function nearMe() {
    if (!('geolocation' in navigator)) return setError(tr('customerTests.nearMeFailed'));
    setError(undefined);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const at = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setHere(at);
        void run(() => searchPickupPointsNear(at.lat, at.lng));
      },
      () => setError(tr('customerTests.nearMeFailed')),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }
  // Memoised: the map redraws its markers (and fits them) only when the points change.
  const rows = useMemo(() => (points ? withDistances(points, here) : undefined), [points, here]);
  const list = useRef<HTMLDivElement>(null);
  const [mapFailed, setMapFailed] = useState(false);
  /** A marker clicked: the point is chosen and its row scrolled into view. */
  function pickOnMap(id: string) {
    set({ pickupPointId: id });
    const row = [...(list.current?.querySelectorAll<HTMLElement>('[data-id]') ?? [])].find(
      (el) => el.dataset.id === id,
    );
    row?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }
  return (
    <fieldset>
      {!state.withLabel && <p className="muted">{tr('customerTests.dropOffHint')}</p>}
      <form onSubmit={search} role="search">
        <TextField
          label={tr('customerTests.searchPoints')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="gl-button gl-button--secondary" disabled={busy}>
          {tr('customerTests.search')}
        </button>{' '}
        <button type="button" className="gl-button gl-button--secondary" disabled={busy} onClick={nearMe}>
          {tr('customerTests.pointsNearMe')}
        </button>
      </form>
      {error && <FormError>{error}</FormError>}
      {points && points.length === 0 && <p className="muted">{tr('customerTests.noPoints')}</p>}
      {rows && rows.length > 0 && (
        <div className="pickup-results">
          <div className="pickup-results__list">
            {!mapFailed && <p className="muted">{tr('customerTests.pointsMapHint')}</p>}
            <div
              ref={list}
              className="wizard-options"
              role="radiogroup"
              aria-label={tr('customerTests.choosePoint')}
            >
              {rows.map((p) => (
                <Option
                  key={p.id}
                  name="point"
                  dataId={p.id}
                  selected={state.pickupPointId === p.id}
                  onSelect={() => set({ pickupPointId: p.id })}
                >
                  <strong>{p.name}</strong>
                  <br />
                  {pointAddress(p)}
                  {p.km !== null && (
                    <> · {tr('customerTests.pointDistance', { km: formatNumber(lang, p.km, 1) })}</>
                  )}
                  <br />
                  <OpeningHours point={p} tr={tr} />
                  <br />
                  <a href={osmLink(p)} target="_blank" rel="noopener noreferrer">
                    {tr('customerTests.pointOnMap')}
                  </a>
                </Option>
              ))}
            </div>
          </div>
          <div className="pickup-results__map">
            {mapFailed ? (
              <p className="muted" role="status">
                {tr('customerTests.pointsMapUnavailable')}
              </p>
            ) : (
              <MapBoundary onError={() => setMapFailed(true)}>
                <Suspense fallback={<div className="pickup-map pickup-map--loading" aria-busy="true" />}>
                  <PickupMap
                    key={lang}
                    points={rows}
                    selectedId={state.pickupPointId || null}
                    onSelect={pickOnMap}
                    onFail={() => setMapFailed(true)}
                    label={tr('customerTests.pointsMap')}
                    markerLabel={(p) =>
                      tr('customerTests.pointMarker', { name: p.name, address: pointAddress(p) })
                    }
                  />
                </Suspense>
              </MapBoundary>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}

function Summary({
  summary,
  tr,
  lang,
}: {
  summary: TShipmentSummary;
  tr: Translate;
  lang: 'pl' | 'en' | 'uk';
}) {
  const address = (a: TShipmentSummary['sender']) =>
    [a.name, a.company, a.street, `${a.postCode} ${a.city}`, a.phone].filter(Boolean).join(', ');
  return (
    <dl className="sample-details" aria-label={tr('customerTests.stepSummary')}>
      <div className="sample-details__row">
        <dt>{tr('customerTests.summaryParcel')}</dt>
        <dd>
          {tr(`customerTests.size_${summary.size}`, { kg: summary.maxWeightKg })} ·{' '}
          {tr('customerTests.sizeDims', { a: summary.sizeCm[0], b: summary.sizeCm[1], c: summary.sizeCm[2] })}
        </dd>
      </div>
      <div className="sample-details__row">
        <dt>{tr('customerTests.stepLabel')}</dt>
        <dd>
          {tr('customerTests.summaryLabel', {
            value: tr(summary.withLabel ? 'customerTests.yes' : 'customerTests.no'),
          })}
        </dd>
      </div>
      <div className="sample-details__row">
        <dt>{tr('customerTests.stepMethod')}</dt>
        <dd>
          {summary.courier
            ? tr('customerTests.summaryCourier', {
                date: formatDate(lang, `${summary.courier.date}T12:00:00`),
                window: summary.courier.timeWindow,
              })
            : summary.pickupPoint
              ? tr('customerTests.summaryPoint', {
                  name: summary.pickupPoint.name,
                  address: pointAddress(summary.pickupPoint),
                })
              : tr('customerTests.withoutLabel')}
        </dd>
      </div>
      <div className="sample-details__row">
        <dt>{tr('customerTests.summarySender')}</dt>
        <dd>{address(summary.sender)}</dd>
      </div>
      <div className="sample-details__row">
        <dt>{tr('customerTests.summaryReceiver')}</dt>
        <dd>{address(summary.receiver)}</dd>
      </div>
    </dl>
  );
}

/** The shipment once created: the drop-off code with its expiry, or the label to download. */
export function ShipmentDone({ shipment }: { shipment: TShipment }) {
  const tr = useT();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  async function label() {
    setBusy(true);
    try {
      await downloadPdf(
        labelPath(shipment.id),
        `gleba-label-${shipment.waybill ?? shipment.orderNumber}.pdf`,
      );
    } catch (e) {
      toast.error(describeError(lang, e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-label={tr('customerTests.shipmentCreated')}>
      <p>{tr('customerTests.shipmentCreated')}</p>
      {shipment.waybill && <p>{tr('customerTests.waybill', { waybill: shipment.waybill })}</p>}
      {shipment.dropOffCode && (
        <div>
          <h3>{tr('customerTests.dropOffCode')}</h3>
          <p className="drop-off-code" data-testid="drop-off-code">
            {shipment.dropOffCode.code}
          </p>
          <p>
            {shipment.dropOffCode.expired
              ? tr('customerTests.dropOffExpired')
              : tr('customerTests.dropOffExpires', {
                  date: formatDate(lang, shipment.dropOffCode.expiresAt, true),
                })}
          </p>
          <p className="muted">{tr('customerTests.dropOffHint')}</p>
        </div>
      )}
      {shipment.withLabel && (
        <button type="button" className="gl-button" onClick={() => void label()} disabled={busy}>
          {tr('customerTests.downloadLabel')}
        </button>
      )}
      <p>
        <Link to="/soil-tests">{tr('customerTests.backToTests')}</Link>
      </p>
    </section>
  );
}

/** Spec section 8: the send-samples wizard for a confirmed test (size, label, courier or pickup point, summary, confirmation). */
export function SendSamplesWizard({ shippableId }: { shippableId: string }) {
  const tr = useT();
  const lang = useLang();
  const [state, setState] = useState<WizardState>(() => ({ ...initialWizard(), date: nextWorkingDay() }));
  const [stepIndex, setStepIndex] = useState(0);
  const [error, setError] = useState<string>();
  const [points, setPoints] = useState<TPickupPoint[]>();
  const [summary, setSummary] = useState<TShipmentSummary>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shipment, setShipment] = useState<TShipment>();
  const step = STEPS[stepIndex]!;
  const set = (patch: Partial<WizardState>) => {
    setState((s) => ({ ...s, ...patch }));
    setError(undefined);
  };
  async function next() {
    const problem = stepError(step, state);
    if (problem) return setError(tr(`customerTests.${problem}`));
    setError(undefined);
    if (step === 'method') {
      setBusy(true);
      try {
        setSummary(await shipmentSummary(shipmentBody(shippableId, state)));
        setStepIndex(stepIndex + 1);
      } catch (e) {
        setError(describeError(lang, e));
      } finally {
        setBusy(false);
      }
      return;
    }
    setStepIndex(stepIndex + 1);
  }
  async function confirm() {
    setBusy(true);
    try {
      setShipment(await createShipment(shipmentBody(shippableId, state)));
      setConfirming(false);
    } catch (e) {
      setConfirming(false);
      setError(describeError(lang, e));
    } finally {
      setBusy(false);
    }
  }
  if (shipment) return <ShipmentDone shipment={shipment} />;
  const titles = {
    size: 'stepSize',
    label: 'stepLabel',
    method: 'stepMethod',
    summary: 'stepSummary',
  } as const;
  return (
    <section aria-label={tr('customerTests.sendTitle')}>
      <p className="muted">{tr('customerTests.stepOf', { step: stepIndex + 1, steps: STEPS.length })}</p>
      <h2>{tr(`customerTests.${titles[step]}`)}</h2>
      {step === 'size' && (
        <div className="wizard-options" role="radiogroup" aria-label={tr('customerTests.stepSize')}>
          {ParcelSize.options.map((size) => (
            <Option key={size} name="size" selected={state.size === size} onSelect={() => set({ size })}>
              {tr(`customerTests.size_${size}`, { kg: PARCEL_SIZES[size].maxWeightKg })}
              <br />
              <small className="muted">
                {tr('customerTests.sizeDims', {
                  a: PARCEL_SIZES[size].sizeCm[0],
                  b: PARCEL_SIZES[size].sizeCm[1],
                  c: PARCEL_SIZES[size].sizeCm[2],
                })}
              </small>
            </Option>
          ))}
        </div>
      )}
      {step === 'label' && (
        <div className="wizard-options" role="radiogroup" aria-label={tr('customerTests.stepLabel')}>
          <Option name="label" selected={state.withLabel === true} onSelect={() => set({ withLabel: true })}>
            {tr('customerTests.withLabel')}
          </Option>
          <Option
            name="label"
            selected={state.withLabel === false}
            onSelect={() =>
              set({ withLabel: false, method: state.method === 'COURIER' ? null : state.method })
            }
          >
            {tr('customerTests.withoutLabel')}
          </Option>
        </div>
      )}
      {step === 'method' && (
        <>
          <div className="wizard-options" role="radiogroup" aria-label={tr('customerTests.stepMethod')}>
            {state.withLabel && (
              <Option
                name="method"
                selected={state.method === 'COURIER'}
                onSelect={() => set({ method: 'COURIER' })}
              >
                {tr('customerTests.methodCourier')}
              </Option>
            )}
            <Option
              name="method"
              selected={state.method === 'PICKUP_POINT'}
              onSelect={() => set({ method: 'PICKUP_POINT' })}
            >
              {tr('customerTests.methodPickup')}
            </Option>
          </div>
          {state.method === 'COURIER' && <CourierFields state={state} set={set} />}
          {state.method === 'PICKUP_POINT' && (
            <PickupFields state={state} set={set} points={points} setPoints={setPoints} />
          )}
        </>
      )}
      {step === 'summary' && summary && <Summary summary={summary} tr={tr} lang={lang} />}
      {error && <FormError>{error}</FormError>}
      <p className="row-actions">
        {stepIndex > 0 && (
          <button
            type="button"
            className="gl-button gl-button--secondary"
            onClick={() => setStepIndex(stepIndex - 1)}
            disabled={busy}
          >
            {tr('customerTests.back')}
          </button>
        )}
        {step !== 'summary' ? (
          <button type="button" className="gl-button" onClick={() => void next()} disabled={busy}>
            {tr('customerTests.continue')}
          </button>
        ) : (
          <button type="button" className="gl-button" onClick={() => setConfirming(true)} disabled={busy}>
            {tr('customerTests.confirmSend')}
          </button>
        )}
      </p>
      <ConfirmationDialog
        open={confirming}
        title={tr('customerTests.confirmSendTitle')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>{tr('customerTests.confirmSendText')}</p>
      </ConfirmationDialog>
    </section>
  );
}

/** The parcel's DPD history, newest first, named in the customer's language. */
export function TrackingHistory({ shipment }: { shipment: TShipmentWithHistory }) {
  const tr = useT();
  const lang = useLang();
  const events = [...shipment.history].reverse();
  return (
    <section aria-label={tr('customerTests.trackingTitle')} className="tracking">
      <h3>{tr('customerTests.trackingTitle')}</h3>
      <p>{tr('customerTests.trackingStatus', { status: tr(`common.parcelStatus${shipment.status}`) })}</p>
      {events.length === 0 ? (
        <p className="muted">{tr('customerTests.trackingEmpty')}</p>
      ) : (
        <ol className="tracking__events">
          {events.map((e) => {
            const key = `common.dpdEvent${e.code}`;
            const named = tr(key);
            return (
              <li key={`${e.at}-${e.code}`}>
                <time dateTime={e.at}>{formatDate(lang, e.at, true)}</time> —{' '}
                {named === key ? e.description : named}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function ExistingShipment({ id }: { id: string }) {
  const tr = useT();
  const lang = useLang();
  const { data, error } = useShipment(id);
  if (error) return <FormError>{describeError(lang, error)}</FormError>;
  if (!data) return <p className="muted">{tr('customerTests.loading')}</p>;
  return (
    <>
      <ShipmentDone shipment={data} />
      {'history' in data && <TrackingHistory shipment={data as TShipmentWithHistory} />}
    </>
  );
}

/** /soil-tests/{id}/send */
export function SendSamplesPage() {
  const tr = useT();
  const lang = useLang();
  const { id = '' } = useParams();
  const { data, error } = useShippables();
  let body: React.ReactNode;
  if (error) body = <FormError>{describeError(lang, error)}</FormError>;
  else if (!data) body = <p className="muted">{tr('customerTests.loading')}</p>;
  else {
    const item = data.find((s) => s.shippableId === id || s.testId === id || s.orderId === id);
    if (!item)
      body = (
        <>
          <p>{tr('customerTests.notShippable')}</p>
          <Link to="/soil-tests" className="gl-button">
            {tr('customerTests.backToTests')}
          </Link>
        </>
      );
    else if (item.shipmentId) body = <ExistingShipment id={item.shipmentId} />;
    else body = <SendSamplesWizard shippableId={item.shippableId} />;
  }
  return (
    <section className="page page--narrow">
      {body}
      <p className="muted">
        <Link to="/how-to-sample">{tr('guide.linkText')}</Link>
      </p>
    </section>
  );
}
