import useSWR from 'swr';
import type { TSamplingPlan } from '@gleba/contracts';
import { SectorSketch, type SketchPoint } from '@gleba/ui';
import { api } from '../../../lib/api-client';
import { formatDate, useDescribeError, useLang, useT } from '../../../lib/i18n';

/**
 * A farm order's punctures as the customer took them on the sampling screen (decision 0058): per
 * sample the sector sketched with its planned points and the punctures taken, and the count.
 */
export function SamplingCard({ orderId }: { orderId: string }) {
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  const { data, error } = useSWR<TSamplingPlan>(`orders/${orderId}/sampling`, (path: string) =>
    api.get<TSamplingPlan>(path),
  );
  return (
    <article className="card sampling-card">
      <h2>{tr('sampling.takenTitle')}</h2>
      {error && <p role="alert">{describe(error)}</p>}
      {data?.samples.map((s) => {
        const name = [s.fieldName, s.sectorName].filter(Boolean).join(' / ');
        const planned = s.pattern.points.length || s.punctures;
        return (
          <section key={s.sampleId} className="sampling-card__sample">
            <h3>
              {tr('admin.sampleNumber')} {s.sampleNumber}: {name} (<code>{s.code}</code>)
            </h3>
            <p>
              {s.taken.length > 0
                ? tr('sampling.takenCount', { taken: s.taken.length, planned })
                : tr('sampling.takenNone')}
            </p>
            {(s.geometry || s.taken.length > 0) && (
              <SectorSketch
                outline={s.geometry}
                planned={s.pattern.points as SketchPoint[]}
                takenIndices={new Set(s.taken.map((p) => p.pointIndex))}
                taken={s.taken.map((p) => [p.lng, p.lat] as SketchPoint)}
                label={tr('sampling.mapLabel', { name })}
                legend={{ planned: tr('sampling.legendPlanned'), taken: tr('sampling.legendTaken') }}
              />
            )}
            {s.taken.length > 0 && (
              <ol className="sampling-card__list">
                {s.taken.map((p) => (
                  <li key={p.id}>
                    {formatDate(lang, p.takenAt)}: {p.lat.toFixed(6)}, {p.lng.toFixed(6)}
                    {p.accuracyM !== null ? ` (±${Math.round(p.accuracyM)} m)` : ''}
                  </li>
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </article>
  );
}
