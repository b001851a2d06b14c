import { useRef, useState } from 'react';
import { FormError, toast } from '@gleba/ui';
import type { TImportPlotsResult, TPlot } from '@gleba/contracts';
import { useLang, useT } from '../../../lib/i18n';
import { importPlots } from '../api/farm-map';
import { downloadText, plotsToGeoJson, PlotFileProblem, readPlotFile } from '../rules/plot-files';
import { saveErrorMessage } from '../rules/save-errors';

/**
 * Import fields from a GeoJSON or KML file (checked here, then each polygon goes through the
 * server's plot rules; what it skipped is listed per feature) and export every plot as GeoJSON.
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
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TImportPlotsResult>();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    setResult(undefined);
    setBusy(true);
    try {
      const body = await readPlotFile(file);
      const answer = await importPlots(body);
      setResult(answer);
      toast.success(
        tr('farmMap.importResult', { imported: answer.imported.length, skipped: answer.skipped.length }),
      );
      await onImported(answer);
    } catch (err) {
      setError(err instanceof PlotFileProblem ? tr(`farmMap.${err.key}`) : saveErrorMessage(lang, err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const exportAll = () => {
    setError(undefined);
    if (plots.length === 0) {
      setError(tr('farmMap.exportNothing'));
      return;
    }
    downloadText('gleba-plots.geojson', JSON.stringify(plotsToGeoJson(plots), null, 2));
  };

  return (
    <section className="farm-map__form" aria-label={tr('farmMap.importExport')}>
      <h3>{tr('farmMap.importExport')}</h3>
      <label className="farm-map__file">
        <span className="farm-map__label">{tr('farmMap.importFile')}</span>
        <input
          ref={input}
          type="file"
          accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
          disabled={busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </label>
      <FormError>{error}</FormError>
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
      <button type="button" className="gl-button gl-button--secondary" onClick={exportAll}>
        {tr('farmMap.exportGeoJson')}
      </button>
    </section>
  );
}
