import { SectorSketch, type SketchPoint } from '@gleba/ui';
import { useT } from '../i18n';
import { useSamplingPlan } from '../api/sampling';
import '../styles/sampling.css';

/**
 * On a farm sample's results page: the punctures taken on the sampling screen (decision 0058),
 * drawn in the sector with the planned points, and how many of them.
 */
export function TakenPunctures({ orderId, sampleId }: { orderId: string; sampleId: string }) {
  const tr = useT();
  const { data } = useSamplingPlan(orderId);
  const sample = data?.plan.samples.find((s) => s.sampleId === sampleId);
  if (!sample) return null;
  const planned = sample.pattern.points.length || sample.punctures;
  const name = [sample.fieldName, sample.sectorName].filter(Boolean).join(' / ');
  return (
    <section className="sampling-taken" aria-labelledby="sampling-taken-title">
      <h3 id="sampling-taken-title">{tr('sampling.takenTitle')}</h3>
      <p>
        {sample.taken.length > 0
          ? tr('sampling.takenCount', { taken: sample.taken.length, planned })
          : tr('sampling.takenNone')}
      </p>
      {sample.geometry && (
        <SectorSketch
          outline={sample.geometry}
          planned={sample.pattern.points as SketchPoint[]}
          takenIndices={new Set(sample.taken.map((p) => p.pointIndex))}
          taken={sample.taken.map((p) => [p.lng, p.lat] as SketchPoint)}
          label={tr('sampling.mapLabel', { name })}
          legend={{ planned: tr('sampling.legendPlanned'), taken: tr('sampling.legendTaken') }}
        />
      )}
    </section>
  );
}
