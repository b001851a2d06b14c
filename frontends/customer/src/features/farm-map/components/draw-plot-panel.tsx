import { useEffect, useRef, useState } from 'react';
import { CheckboxField, TextField, toast } from '@gleba/ui';
import type { TAreaGeometry, TPlot, TPosition } from '@gleba/contracts';
import { formatLength, formatNumber } from '@gleba/i18n';
import { useLang, useT } from '../../../lib/i18n';
import { createDrawnPlot } from '../api/farm-map';
import { MIN_CORNERS, checkCorners, type CornerInput } from '../rules/corners';
import { edgeLengthsM, openRing, previewAreaHa } from '../rules/geometry';
import { useSaveAction } from '../hooks/use-save-action';
import { ActionRow } from './action-row';

/** The ring as a closed Polygon once it has 3 vertices. */
export function ringToPolygon(ring: TPosition[]): TAreaGeometry | null {
  const open = openRing(ring);
  if (open.length < 3) return null;
  return { type: 'Polygon', coordinates: [[...open, open[0]!]] };
}

const emptyCorner = (): CornerInput => ({ lat: '', lon: '' });

/**
 * Drawing a plot: the live preview of the area (turf, client side) and of the edge lengths while
 * the user clicks; save sends the shape, and the server's answer (its area, or its translated
 * error: self-intersection, overlap over the limit...) is what counts. Without a mouse the corners
 * can be typed as coordinates instead (latitude and longitude rows, added and removed from the
 * keyboard); the typed ring is saved through the same call as a drawn one.
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
  const { error, setError, busy, run } = useSaveAction();
  const [typing, setTyping] = useState(false);
  const [corners, setCorners] = useState<CornerInput[]>(() =>
    Array.from({ length: MIN_CORNERS }, emptyCorner),
  );
  const [checked, setChecked] = useState(false);
  const [focusCorner, setFocusCorner] = useState<number | null>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const cornersRef = useRef<HTMLOListElement>(null);
  const typed = checkCorners(corners);
  const activeRing = typing ? (typed.ring ?? []) : ring;
  const polygon = ringToPolygon(activeRing);
  const edges = edgeLengthsM(activeRing);

  // After adding or removing a corner, focus goes to that row's latitude.
  useEffect(() => {
    if (focusCorner === null) return;
    cornersRef.current?.querySelectorAll<HTMLInputElement>('input[data-coord="lat"]')[focusCorner]?.focus();
    setFocusCorner(null);
  }, [focusCorner]);
  // A refused save moves focus to the first wrong coordinate.
  useEffect(() => {
    if (focusInvalid > 0) cornersRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const setCorner = (index: number, patch: Partial<CornerInput>) =>
    setCorners((list) => list.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const addCorner = () => {
    setCorners((list) => [...list, emptyCorner()]);
    setFocusCorner(corners.length);
  };
  const removeCorner = (index: number) => {
    setCorners((list) => list.filter((_, i) => i !== index));
    setFocusCorner(Math.min(index, corners.length - 2));
  };

  const save = () => {
    setError(undefined);
    if (typing && !typed.ring) {
      setChecked(true);
      setError(tr(typed.tooFew ? 'farmMap.coordsTooFew' : 'farmMap.coordsInvalid'));
      setFocusInvalid((n) => n + 1);
      return;
    }
    // Drawn on the map: says what is missing, the corners or the closing click on the first point.
    const points = openRing(activeRing).length;
    if (points === 0) {
      setError(tr('errors.plotNotDrawn'));
      return;
    }
    if (!polygon) {
      setError(tr('farmMap.drawTooFewPoints'));
      return;
    }
    if (!typing && !closed) {
      setError(tr('farmMap.drawNotClosed', { count: points }));
      return;
    }
    void run(async () => {
      const plot = await createDrawnPlot({
        geometry: polygon,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(snapToleranceM !== undefined ? { snapToleranceM } : {}),
      });
      toast.success(tr('farmMap.plotSaved', { area: formatNumber(lang, plot.areaHa, 2, 2) }));
      onSaved(plot);
    });
  };

  return (
    <section className="farm-map__form" aria-label={tr('farmMap.drawPlot')}>
      <h3>{tr('farmMap.drawPlot')}</h3>
      <CheckboxField
        label={tr('farmMap.coordsToggle')}
        checked={typing}
        onChange={(e) => {
          setTyping(e.target.checked);
          setError(undefined);
        }}
      />
      {typing ? (
        <fieldset className="farm-map__corners">
          <legend>{tr('farmMap.coordsToggle')}</legend>
          <p className="farm-map__hint">{tr('farmMap.coordsHint')}</p>
          <ol ref={cornersRef} className="farm-map__corner-list">
            {corners.map((corner, i) => {
              const wrong = checked ? typed.errors[i] : undefined;
              return (
                <li key={i}>
                  <fieldset className="farm-map__corner">
                    <legend>{tr('farmMap.coordsCorner', { n: i + 1 })}</legend>
                    <TextField
                      label={tr('farmMap.coordsLat')}
                      inputMode="decimal"
                      autoComplete="off"
                      data-coord="lat"
                      value={corner.lat}
                      onChange={(e) => setCorner(i, { lat: e.target.value })}
                      error={wrong?.lat ? tr(wrong.lat) : undefined}
                    />
                    <TextField
                      label={tr('farmMap.coordsLon')}
                      inputMode="decimal"
                      autoComplete="off"
                      data-coord="lon"
                      value={corner.lon}
                      onChange={(e) => setCorner(i, { lon: e.target.value })}
                      error={wrong?.lon ? tr(wrong.lon) : undefined}
                    />
                    <button
                      type="button"
                      className="gl-button gl-button--secondary"
                      disabled={corners.length <= MIN_CORNERS}
                      onClick={() => removeCorner(i)}
                    >
                      {tr('farmMap.coordsRemove', { n: i + 1 })}
                    </button>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <button type="button" className="gl-button gl-button--secondary" onClick={addCorner}>
            {tr('farmMap.coordsAdd')}
          </button>
        </fieldset>
      ) : (
        <p className="farm-map__hint">{tr('farmMap.drawHint')}</p>
      )}
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
      <ActionRow
        error={error}
        busy={busy}
        apply={tr('farmMap.savePlot')}
        onApply={save}
        onClose={onCancel}
        closeLabel={tr('farmMap.cancel')}
      />
    </section>
  );
}
