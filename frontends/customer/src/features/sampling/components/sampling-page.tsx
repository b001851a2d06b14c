import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import type { TSamplingSample, TTakenPuncture } from '@gleba/contracts';
import { checkPuncture, headingTo, nextPoint, type PunctureCheck } from '@gleba/agronomy/sampling-guidance';
import { FormError, SectorSketch, type SketchPoint } from '@gleba/ui';
import { useCurrentUser } from '../../../lib/current-user';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { formatDate } from '../../../lib/test-status';
import { isOfflineError } from '../../../lib/offline/offline';
import {
  enqueuePuncture,
  flushPunctures,
  notifyPunctures,
  readPunctures,
  subscribePunctures,
  PUNCTURES_QUEUE_KEY,
} from '../../../lib/offline/punctures-queue';
import { sendAndKeep, useSamplingPlan } from '../../../lib/api/sampling';
import { firstOpenSample, nearestIndex, takenOf } from '../rules/sampling-state';
import '../../../lib/styles/sampling.css';

/** Within this distance (m) of the point the screen says "you are at the point". */
const AT_POINT_M = 5;

type Position = { at: SketchPoint; accuracyM: number | null };
type PositionState =
  | { kind: 'waiting' }
  | { kind: 'ok'; position: Position }
  | { kind: 'error'; reason: 'denied' | 'unavailable' | 'unsupported' };

/** The phone's position while the screen is open (`watchPosition`, high accuracy). */
function useLivePosition(): PositionState {
  const [state, setState] = useState<PositionState>(() =>
    typeof navigator !== 'undefined' && navigator.geolocation
      ? { kind: 'waiting' }
      : { kind: 'error', reason: 'unsupported' },
  );
  useEffect(() => {
    if (!navigator.geolocation) return;
    const id = navigator.geolocation.watchPosition(
      (p) =>
        setState({
          kind: 'ok',
          position: {
            at: [p.coords.longitude, p.coords.latitude],
            accuracyM: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
          },
        }),
      (e) =>
        setState((s) =>
          // A timeout after a fix keeps the last position.
          s.kind === 'ok' && e.code === e.TIMEOUT
            ? s
            : { kind: 'error', reason: e.code === e.PERMISSION_DENIED ? 'denied' : 'unavailable' },
        ),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return state;
}

/** The queued punctures of this browser (re-read when the queue changes, here or in another tab). */
function useQueued() {
  const raw = useSyncExternalStore(
    (fn) => {
      const off = subscribePunctures(fn);
      const onStorage = (e: StorageEvent) => e.key === PUNCTURES_QUEUE_KEY && fn();
      window.addEventListener('storage', onStorage);
      return () => {
        off();
        window.removeEventListener('storage', onStorage);
      };
    },
    () => localStorage.getItem(PUNCTURES_QUEUE_KEY) ?? '',
  );
  // Deliberate dependencies: `raw` is the queue's content
  return useMemo(() => readPunctures(), [raw]);
}

/** An arrow pointing along a bearing (north up); the words beside it say the same. */
function BearingArrow({ deg }: { deg: number }) {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" className="sampling__arrow">
      <g transform={`rotate(${deg} 20 20)`}>
        <path d="M20 4 L30 22 L22 19 L22 36 L18 36 L18 19 L10 22 Z" />
      </g>
    </svg>
  );
}

/**
 * `/orders/:id/sampling`: the phone in the field (decision 0058). Per sample the sector drawn with
 * its planned points, the live position, the next point's distance and direction, and "Taken" per
 * puncture; every tap is queued on the phone and sent at once, or when the connection returns.
 */
export function SamplingPage() {
  const tr = useT();
  const lang = useLang();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { data, error, isLoading } = useSamplingPlan(id);
  const { mutate } = useSWRConfig();
  const userId = useCurrentUser().data?.id ?? '';
  const queue = useQueued();
  const position = useLivePosition();
  const [notice, setNotice] = useState<{ recorded: string; warnings: string[] } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const plan = data?.plan;
  const queuedHere = queue.filter((q) => q.orderId === id && q.userId === userId);
  const chosenId = search.get('sample');
  const sample: TSamplingSample | undefined =
    plan?.samples.find((s) => s.sampleId === chosenId) ??
    (plan ? firstOpenSample(plan.samples, queuedHere) : undefined);
  const queuedOfSample = queuedHere.filter((q) => q.sampleId === sample?.sampleId).map((q) => q.puncture);
  const taken = sample ? takenOf(sample, queuedOfSample) : [];
  const planned = (sample?.pattern.points ?? []) as SketchPoint[];
  const takenIndices = new Set(taken.map((p) => p.pointIndex));
  const next = nextPoint(planned.length, takenIndices);
  const pos = position.kind === 'ok' ? position.position : null;
  const heading = pos && next !== null ? headingTo(pos.at, planned[next]!) : null;

  // The live region speaks when the next point changes (a new sample, a puncture taken), not at
  // every position update; the distance on screen follows the position silently.
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef(heading);
  headingRef.current = heading;
  useEffect(() => {
    if (!sample) return;
    if (next === null) {
      // Only when there were points to take (an order without outlines has none).
      setAnnouncement(planned.length > 0 ? tr('sampling.allTaken') : '');
      return;
    }
    const h = headingRef.current;
    setAnnouncement(
      h
        ? tr('sampling.announceNext', {
            n: next + 1,
            count: planned.length,
            m: h.distanceM,
            direction: tr(`sampling.${h.compass}`),
          })
        : tr('sampling.announceNextNoPosition', { n: next + 1, count: planned.length }),
    );
    // Deliberate dependencies: a new next point or sample, or the first position found
  }, [sample?.sampleId, next, planned.length, lang, pos !== null]);

  async function send() {
    if (!userId || navigator.onLine === false) return;
    const result = await flushPunctures({
      userId,
      send: sendAndKeep(mutate),
      isNetworkError: isOfflineError,
    });
    if (result.refused.length > 0)
      setSendError(
        result.refused
          .map((r) => tr('sampling.queueFailed', { code: r.code, reason: describeError(lang, r.error) }))
          .join(' '),
      );
  }

  // Punctures queued earlier (the app closed offline) go as soon as the screen opens online.
  useEffect(() => {
    if (userId && queuedHere.length > 0) void send();
    // Deliberate dependencies: once per user, on open
  }, [userId]);

  function take() {
    if (!sample || !pos || !userId) return;
    const pointIndex = next ?? (planned.length ? nearestIndex(planned, pos.at) : 0);
    const puncture: TTakenPuncture = {
      id: crypto.randomUUID(),
      pointIndex,
      lng: pos.at[0],
      lat: pos.at[1],
      accuracyM: pos.accuracyM === null ? null : Math.round(pos.accuracyM * 10) / 10,
      takenAt: new Date().toISOString(),
    };
    enqueuePuncture({ userId, orderId: id, sampleId: sample.sampleId, code: sample.code, puncture });
    notifyPunctures();
    const check: PunctureCheck | null = planned[pointIndex]
      ? checkPuncture(pos.at, planned[pointIndex], sample.geometry as Parameters<typeof checkPuncture>[2])
      : null;
    const warnings: string[] = [];
    if (check?.far) warnings.push(tr('sampling.warnFar', { m: check.distanceM }));
    if (check && !check.insideSector) warnings.push(tr('sampling.warnOutside'));
    // A puncture beyond the plan (all points taken, or none planned) is counted, not given the
    // nearest point's number: each one gets its own confirmation.
    const recorded =
      next === null
        ? tr('sampling.recordedExtra', { n: taken.length + 1 })
        : tr('sampling.recorded', { n: pointIndex + 1 });
    setNotice({ recorded, warnings });
    setSendError(null);
    void send();
  }

  if (error && !data)
    return (
      <section className="page sampling">
        <FormError>
          {isOfflineError(error) ? tr('sampling.planMissingOffline') : describeError(lang, error)}
        </FormError>
      </section>
    );
  if (isLoading || !plan) return <section className="page sampling" aria-busy="true" />;

  const sectorName = sample ? [sample.fieldName, sample.sectorName].filter(Boolean).join(' / ') : '';
  const pendingCount = queuedHere.length;
  return (
    <section className="page sampling">
      <p className="sampling__order">{tr('sampling.order', { number: plan.orderNumber })}</p>
      <p className="sampling__intro">{tr('sampling.intro')}</p>
      {!plan.open && <p className="sampling__warning">{tr('sampling.notOpen')}</p>}
      {data.offline && <p className="sampling__note">{tr('sampling.offlinePlan')}</p>}

      {plan.samples.length > 1 && (
        <div className="gl-field">
          <label htmlFor="sampling-sample" className="gl-field__label">
            {tr('sampling.chooseSample')}
          </label>
          <select
            id="sampling-sample"
            className="gl-field__input"
            value={sample?.sampleId}
            onChange={(e) => {
              setNotice(null);
              setSearch({ sample: e.target.value }, { replace: true });
            }}
          >
            {plan.samples.map((s) => {
              const t = takenOf(
                s,
                queuedHere.filter((q) => q.sampleId === s.sampleId).map((q) => q.puncture),
              ).length;
              return (
                <option key={s.sampleId} value={s.sampleId}>
                  {tr('sampling.sampleOption', {
                    n: s.sampleNumber,
                    field: s.fieldName,
                    sector: s.sectorName ? tr('sampling.sectorSuffix', { name: s.sectorName }) : '',
                    taken: t,
                    planned: s.pattern.points.length || s.punctures,
                  })}
                </option>
              );
            })}
          </select>
        </div>
      )}

      {sample && (
        <>
          {!sample.geometry && <p className="sampling__note">{tr('sampling.noOutline')}</p>}
          <SectorSketch
            outline={sample.geometry}
            planned={planned}
            takenIndices={takenIndices}
            taken={taken.map((p) => [p.lng, p.lat] as SketchPoint)}
            nextIndex={next}
            position={pos}
            label={tr('sampling.mapLabel', { name: sectorName })}
            legend={{
              planned: tr('sampling.legendPlanned'),
              taken: tr('sampling.legendTaken'),
              next: tr('sampling.legendNext'),
              you: tr('sampling.legendYou'),
            }}
          />
          {sample.geometry && sample.pattern.headlandM > 0 && (
            <p className="sampling__note">{tr('sampling.headland', { m: sample.pattern.headlandM })}</p>
          )}

          <p className="sampling__position">
            {position.kind === 'ok'
              ? tr('sampling.positionAccuracy', { m: Math.round(position.position.accuracyM ?? 0) })
              : position.kind === 'waiting'
                ? tr('sampling.positionWaiting')
                : tr(
                    position.reason === 'denied'
                      ? 'sampling.positionDenied'
                      : position.reason === 'unsupported'
                        ? 'sampling.positionUnsupported'
                        : 'sampling.positionUnavailable',
                  )}
          </p>

          <div className="sampling__next">
            {next === null ? null : (
              <>
                <h2>{tr('sampling.nextPoint', { n: next + 1, count: planned.length })}</h2>
                {heading && (
                  <p className="sampling__heading">
                    <BearingArrow deg={heading.bearingDeg} />
                    <span data-testid="sampling-distance">
                      {heading.distanceM <= AT_POINT_M
                        ? tr('sampling.here', { m: AT_POINT_M })
                        : tr('sampling.distanceTo', {
                            m: heading.distanceM,
                            direction: tr(`sampling.${heading.compass}`),
                            deg: heading.bearingDeg,
                          })}
                    </span>
                  </p>
                )}
              </>
            )}
          </div>
          {/* One live region; when every planned point is taken its text is the visible message too
              (said once, not also in a paragraph beside it). */}
          <p
            role="status"
            aria-live="polite"
            className={next === null && planned.length > 0 ? 'sampling__done' : 'visually-hidden'}
          >
            {announcement}
          </p>

          {plan.open && (
            <div className="sampling__take">
              <button
                type="button"
                className="gl-button sampling__take-button"
                disabled={!pos}
                onClick={take}
              >
                {next !== null
                  ? tr('sampling.taken', { n: next + 1 })
                  : planned.length > 0
                    ? tr('sampling.takenAgain')
                    : tr('sampling.takeUnplanned')}
              </button>
              {!pos && <p className="sampling__note">{tr('sampling.takenNeedsPosition')}</p>}
            </div>
          )}
          {notice && (
            <div className="sampling__notice">
              <p role="status">{notice.recorded}</p>
              {notice.warnings.length > 0 && (
                <div role="alert" className="sampling__warning">
                  {notice.warnings.map((w) => (
                    <p key={w}>{w}</p>
                  ))}
                </div>
              )}
            </div>
          )}
          <FormError>{sendError ?? undefined}</FormError>
          <p className="sampling__sync" data-testid="sampling-sync">
            {pendingCount > 0 ? tr('sampling.pending', { count: pendingCount }) : tr('sampling.synced')}
          </p>

          <h2 className="sampling__points-title">{tr('sampling.pointsTitle')}</h2>
          <ol className="sampling__points">
            {planned.map((p, i) => {
              const at = taken.find((t) => t.pointIndex === i);
              return (
                <li key={i} className={at ? 'is-taken' : i === next ? 'is-next' : undefined}>
                  {at
                    ? tr('sampling.pointTaken', {
                        n: i + 1,
                        time: formatDate(lang, at.takenAt, true),
                        m: checkPuncture([at.lng, at.lat], p, null).distanceM,
                      })
                    : i === next
                      ? tr('sampling.pointNext', { n: i + 1 })
                      : tr('sampling.pointPending', { n: i + 1 })}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
