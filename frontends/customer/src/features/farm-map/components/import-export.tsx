import { useEffect, useId, useRef, useState } from 'react';
import { FormError, toast } from '@gleba/ui';
import type {
  TImportPlotsResult,
  TImportPreviewBody,
  TImportPreviewResult,
  TPlot,
  TPlotFileFormat,
} from '@gleba/contracts';
import { useLang, useT } from '../../../lib/i18n';
import { exportPlots, importPlots, previewImport } from '../api/farm-map';
import { downloadText, plotsToGeoJson, PlotFileProblem, readPlotFile } from '../rules/plot-files';
import { saveErrorMessage } from '../rules/save-errors';

type PreviewShape = TImportPreviewResult['shapes'][number];

/** A shape's outline as an SVG path in a 40 x 40 box (longitude scaled by the latitude's cosine). */
function outlinePath(outline: [number, number][]): string {
  if (outline.length < 3) return '';
  const lat = outline.reduce((s, p) => s + p[1], 0) / outline.length;
  const kx = Math.cos((lat * Math.PI) / 180);
  const xs = outline.map((p) => p[0] * kx);
  const ys = outline.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = 36 / Math.max(x1 - x0, y1 - y0, 1e-12);
  return (
    xs
      .map((x, i) => {
        const px = 2 + (x - x0) * scale + (36 - (x1 - x0) * scale) / 2;
        const py = 2 + (y1 - ys[i]!) * scale + (36 - (y1 - y0) * scale) / 2;
        return `${i === 0 ? 'M' : 'L'}${px.toFixed(1)} ${py.toFixed(1)}`;
      })
      .join(' ') + ' Z'
  );
}

const EXPORT_FORMATS: TPlotFileFormat[] = ['shp', 'gml', 'kml', 'geojson'];

/**
 * Import fields from a plot file (eWniosekPlus GML or zipped Shapefile in EPSG:2180, GeoJSON,
 * KML): the server reads it and answers a preview (each shape with its name, number and area,
 * or why it cannot be added), the user picks the shapes to add; then export every plot as a
 * zipped Shapefile or GML (EPSG:2180), KML or GeoJSON.
 */
export function ImportExportPanel({
  plots,
  onImported,
}: {
  plots: TPlot[];
  onImported: (result: TImportPlotsResult) => Promise<void>;
}) {
  const tr = useT();
  const lang = useLang();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<{ name: string; body: TImportPreviewBody }>();
  const [preview, setPreview] = useState<PreviewShape[]>();
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<TImportPlotsResult>();
  const [exportFormat, setExportFormat] = useState<TPlotFileFormat>('shp');
  const ha = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  useEffect(() => {
    if (preview) heading.current?.focus();
  }, [preview]);

  const reset = () => {
    setFile(undefined);
    setPreview(undefined);
    setPicked(new Set());
    if (input.current) input.current.value = '';
  };

  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(undefined);
    setResult(undefined);
    setPreview(undefined);
    setBusy(true);
    try {
      const body = await readPlotFile(chosen);
      const answer = await previewImport(body);
      setFile({ name: chosen.name, body });
      setPreview(answer.shapes);
      setPicked(new Set(answer.shapes.filter((s) => s.ok).map((s) => s.index)));
    } catch (err) {
      setError(err instanceof PlotFileProblem ? tr(`farmMap.${err.key}`) : saveErrorMessage(lang, err));
      if (input.current) input.current.value = '';
    } finally {
      setBusy(false);
    }
  };

  const addPicked = async () => {
    if (!file || picked.size === 0) return;
    setError(undefined);
    setBusy(true);
    try {
      const answer = await importPlots({ ...file.body, only: [...picked].sort((a, b) => a - b) });
      setResult(answer);
      toast.success(
        tr('farmMap.importResult', { imported: answer.imported.length, skipped: answer.skipped.length }),
      );
      reset();
      await onImported(answer);
    } catch (err) {
      setError(saveErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };

  const exportAll = async () => {
    setError(undefined);
    if (plots.length === 0) {
      setError(tr('farmMap.exportNothing'));
      return;
    }
    if (exportFormat === 'geojson') {
      // Written here from the plots on screen: works offline too.
      downloadText('gleba-dzialki.geojson', JSON.stringify(plotsToGeoJson(plots), null, 2));
      return;
    }
    setBusy(true);
    try {
      const blob = await exportPlots(exportFormat);
      downloadText(`gleba-dzialki.${exportFormat === 'shp' ? 'zip' : exportFormat}`, blob);
    } catch (err) {
      setError(saveErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (index: number, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
  const label = (s: PreviewShape) => s.name ?? tr('farmMap.importShapeN', { n: s.index + 1 });

  return (
    <section className="farm-map__form" aria-label={tr('farmMap.importExport')}>
      <h3>{tr('farmMap.importExport')}</h3>
      <p className="farm-map__hint">{tr('farmMap.importHint')}</p>
      <label className="farm-map__file">
        <span className="farm-map__label">{tr('farmMap.importFile')}</span>
        <input
          ref={input}
          type="file"
          accept=".zip,.shp,.gml,.xml,.geojson,.json,.kml,application/zip,application/gml+xml,application/geo+json,application/vnd.google-earth.kml+xml"
          disabled={busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </label>
      {busy && !preview && <p role="status">{tr('farmMap.importReading')}</p>}
      <FormError>{error}</FormError>
      {preview && file && (
        <div className="farm-map__import-preview" role="group" aria-labelledby={`${id}-h`}>
          <h4 id={`${id}-h`} ref={heading} tabIndex={-1}>
            {tr('farmMap.importPreviewTitle', { file: file.name, n: preview.length })}
          </h4>
          <p className="farm-map__hint">{tr('farmMap.importPreviewHint')}</p>
          <ul className="farm-map__import-list">
            {preview.map((s) => {
              const checkId = `${id}-s${s.index}`;
              const about = `${checkId}-about`;
              return (
                <li key={s.index} className={s.ok ? undefined : 'farm-map__import-refused'}>
                  <input
                    id={checkId}
                    type="checkbox"
                    checked={picked.has(s.index)}
                    disabled={!s.ok || busy}
                    aria-describedby={about}
                    onChange={(e) => toggle(s.index, e.target.checked)}
                  />
                  <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
                    <path d={outlinePath(s.outline)} />
                  </svg>
                  <div>
                    <label htmlFor={checkId}>
                      <strong>{label(s)}</strong>
                      {s.plotNumber && <> · {tr('farmMap.importNumber', { number: s.plotNumber })}</>}
                    </label>
                    <p id={about}>
                      {s.areaHa !== null && tr('farmMap.importArea', { area: ha.format(s.areaHa) })}
                      {s.fileAreaHa !== null &&
                        ` (${tr('farmMap.importFileArea', { area: ha.format(s.fileAreaHa) })})`}
                      {!s.ok && s.areaHa !== null && ' · '}
                      {!s.ok && (
                        <span className="farm-map__danger">
                          {tr('farmMap.importRefused', { message: s.message ?? '' })}
                        </span>
                      )}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="farm-map__actions">
            <button
              type="button"
              className="gl-button gl-button--primary"
              disabled={busy || picked.size === 0}
              onClick={() => void addPicked()}
            >
              {tr('farmMap.importAdd', { n: picked.size })}
            </button>
            <button type="button" className="gl-button gl-button--secondary" disabled={busy} onClick={reset}>
              {tr('farmMap.importCancel')}
            </button>
          </div>
        </div>
      )}
      {result && (
        <div role="status">
          <p>
            {tr('farmMap.importResult', { imported: result.imported.length, skipped: result.skipped.length })}
          </p>
          {result.skipped.length > 0 && (
            <ul className="farm-map__edges">
              {result.skipped.map((s) => (
                <li key={s.index}>
                  {tr('farmMap.importSkipped', {
                    n: s.index + 1,
                    name: s.name ? ` (${s.name})` : '',
                    message: s.message,
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="farm-map__export">
        <label className="farm-map__label" htmlFor={`${id}-fmt`}>
          {tr('farmMap.exportFormat')}
        </label>
        <select
          id={`${id}-fmt`}
          value={exportFormat}
          onChange={(e) => setExportFormat(e.target.value as TPlotFileFormat)}
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {tr(`farmMap.exportFormat_${f}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="gl-button gl-button--secondary"
          disabled={busy}
          onClick={() => void exportAll()}
        >
          {tr('farmMap.exportPlots')}
        </button>
      </div>
    </section>
  );
}
