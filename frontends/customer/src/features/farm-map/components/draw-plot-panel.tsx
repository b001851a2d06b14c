import { useState } from 'react';
import { FormError, TextField, toast } from '@gleba/ui';
import type { TAreaGeometry, TPlot, TPosition } from '@gleba/contracts';
import { formatLength, formatNumber } from '@gleba/i18n';
import { useLang, useT } from '../../../lib/i18n';
import { createDrawnPlot } from '../api/farm-map';
import { edgeLengthsM, openRing, previewAreaHa } from '../rules/geometry';
import { saveErrorMessage } from '../rules/save-errors';

/** The ring as a closed Polygon once it has 3 vertices. */
export function ringToPolygon(ring: TPosition[]): TAreaGeometry | null {
  const open = openRing(ring);
  if (open.length < 3) return null;
  return { type: 'Polygon', coordinates: [[...open, open[0]!]] };
}

/**
 * Drawing a plot: the live preview of the area (turf, client side) and of the edge lengths while
 * the user clicks; save sends the shape, and the server's answer (its area, or its translated
 * error: self-intersection, overlap over the limit...) is what counts.
 */
export function DrawPlotPanel({
  ring,
  closed,
  snapToleranceM,
  onSaved,
  onCancel,
}: {
  ring: TPosition[];
  closed: boolean;
  /** Sent with the shape: the server snaps the vertices to the other plots with the same tolerance. */
  snapToleranceM?: number;
  onSaved: (plot: TPlot) => void;
  onCancel: () => void;
}) {
  const tr = useT();
  const lang = useLang();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const polygon = ringToPolygon(ring);
  const edges = edgeLengthsM(ring);

  const save = async () => {
    setError(undefined);
    // Says what is missing: the shape needs its corners, then to be closed on its first point.
    const points = openRing(ring).length;
    if (points === 0) {
      setError(tr('errors.plotNotDrawn'));
      return;
    }
    if (!polygon) {
      setError(tr('farmMap.drawTooFewPoints'));
      return;
    }
    if (!closed) {
      setError(tr('farmMap.drawNotClosed', { count: points }));
      return;
    }
    setBusy(true);
    try {
      const plot = await createDrawnPlot({
        geometry: polygon,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(snapToleranceM !== undefined ? { snapToleranceM } : {}),
      });
      toast.success(tr('farmMap.plotSaved', { area: formatNumber(lang, plot.areaHa, 2, 2) }));
      onSaved(plot);
    } catch (err) {
      setError(saveErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="farm-map__form" aria-label={tr('farmMap.drawPlot')}>
      <h3>{tr('farmMap.drawPlot')}</h3>
      <p className="farm-map__hint">{tr('farmMap.drawHint')}</p>
      {polygon && (
        <p>
          <strong>
            {tr('farmMap.previewArea', { area: formatNumber(lang, previewAreaHa(polygon), 2, 2) })}
          </strong>
          <br />
          <small>{tr('farmMap.previewNote')}</small>
        </p>
      )}
      {edges.length > 0 && (
        <details open>
          <summary>{tr('farmMap.edgeLengths')}</summary>
          <ol className="farm-map__edges">
            {edges.map((m, i) => (
              <li key={i}>{tr('farmMap.edge', { n: i + 1, length: formatLength(lang, m) })}</li>
            ))}
          </ol>
        </details>
      )}
      <TextField
        label={tr('farmMap.plotName')}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
      />
      <FormError>{error}</FormError>
      <div className="farm-map__actions">
        <button type="button" className="gl-button" disabled={busy} onClick={save}>
          {tr('farmMap.savePlot')}
        </button>
        <button type="button" className="gl-button gl-button--secondary" onClick={onCancel}>
          {tr('farmMap.cancel')}
        </button>
      </div>
    </section>
  );
}
