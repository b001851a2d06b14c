import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { FormError, toast } from '@gleba/ui';
import type { TCrop, TPlot } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { autoDivide, revertSectors, undoRedo, useCrops, usePlots, useRefreshFarm } from '../api/farm-map';
import { readMapConfig, type BaseStyle } from '../map/map-config';
import { MapView, type Selection } from '../map/map-view';
import { useDrawPolygon } from '../map/use-draw-polygon';
import { bbox } from '../rules/geometry';
import { saveErrorMessage } from '../rules/save-errors';
import { CadastralForm } from './cadastral-form';
import { CitySearch } from './city-search';
import { CropForm } from './crop-panel';
import { DrawPlotPanel } from './draw-plot-panel';
import '../farm-map.css';

type Tool = 'none' | 'draw' | 'cadastral' | 'crop';
const config = readMapConfig();

/** Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac), except while typing in a field. */
function useUndoShortcuts(run: (step: 'undo' | 'redo') => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)) return;
      e.preventDefault();
      run(e.shiftKey ? 'redo' : 'undo');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);
}

/** Issue 11, first part: the map of plots and crops with the lists beside it and the first tools. */
export function FarmMapPage() {
  const tr = useT();
  const lang = useLang();
  const plots = usePlots();
  const crops = useCrops();
  const refresh = useRefreshFarm();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [baseStyle, setBaseStyle] = useState<BaseStyle>('streets');
  const [cadastre, setCadastre] = useState(false);
  const [selection, setSelection] = useState<Selection>(null);
  const [tool, setTool] = useState<Tool>('none');
  const [actionError, setActionError] = useState<string>();
  const drawing = useDrawPolygon(map, tool === 'draw');

  const plotList = useMemo(() => plots.data ?? [], [plots.data]);
  const cropList = useMemo(() => crops.data ?? [], [crops.data]);
  const selectedPlot = selection?.kind === 'plot' ? plotList.find((p) => p.id === selection.id) : undefined;
  const selectedCrop = selection?.kind === 'crop' ? cropList.find((c) => c.id === selection.id) : undefined;
  const selected: TPlot | TCrop | undefined = selectedPlot ?? selectedCrop;

  const select = (next: Selection, item?: TPlot | TCrop) => {
    setSelection(next);
    setActionError(undefined);
    if (item && map) map.fitBounds(bbox(item.geometry), { padding: 60, maxZoom: 17, duration: 600 });
  };

  const flyTo = useCallback((lng: number, lat: number, zoom: number) => map?.flyTo({ center: [lng, lat], zoom }), [map]);

  const step = useCallback(
    async (which: 'undo' | 'redo') => {
      if (!selection) return;
      setActionError(undefined);
      try {
        await undoRedo(selection.kind === 'plot' ? 'plots' : 'crops', selection.id, which);
        await refresh();
      } catch (err) {
        setActionError(saveErrorMessage(lang, err));
      }
    },
    [selection, refresh, lang],
  );
  useUndoShortcuts(step);

  const sectors = async (action: 'divide' | 'revert', crop: TCrop) => {
    setActionError(undefined);
    try {
      const updated = action === 'divide' ? await autoDivide(crop.id) : await revertSectors(crop.id);
      if (action === 'divide') toast.success(tr('farmMap.divided', { count: updated.sectors.length }));
      await refresh();
    } catch (err) {
      setActionError(saveErrorMessage(lang, err));
    }
  };

  const loadError = plots.error ?? crops.error;

  return (
    <div className="farm-map">
      <div className="farm-map__panel">
        <h2>{tr('farmMap.title')}</h2>
        <CitySearch onFly={flyTo} />

        <fieldset className="farm-map__layers">
          <legend>{tr('farmMap.baseMap')}</legend>
          {(['streets', 'orthophoto'] as const).map((s) => (
            <label key={s}>
              <input type="radio" name="base-style" value={s} checked={baseStyle === s} onChange={() => setBaseStyle(s)} />{' '}
              {tr(s === 'streets' ? 'farmMap.styleStreets' : 'farmMap.styleOrthophoto')}
            </label>
          ))}
          <label>
            <input type="checkbox" checked={cadastre} onChange={(e) => setCadastre(e.target.checked)} /> {tr('farmMap.cadastreOverlay')}
          </label>
        </fieldset>

        <div className="farm-map__actions">
          <button type="button" className="gl-button" aria-pressed={tool === 'draw'} onClick={() => setTool(tool === 'draw' ? 'none' : 'draw')}>
            {tr('farmMap.drawPlot')}
          </button>
          <button type="button" className="gl-button gl-button--secondary" aria-pressed={tool === 'cadastral'} onClick={() => setTool(tool === 'cadastral' ? 'none' : 'cadastral')}>
            {tr('farmMap.addCadastral')}
          </button>
        </div>

        {tool === 'draw' && (
          <DrawPlotPanel
            ring={drawing.ring}
            closed={drawing.closed}
            onCancel={() => setTool('none')}
            onSaved={async (plot) => {
              setTool('none');
              await refresh();
              select({ kind: 'plot', id: plot.id }, plot);
            }}
          />
        )}
        {tool === 'cadastral' && (
          <CadastralForm
            onAdded={async (plot) => {
              setTool('none');
              await refresh();
              select({ kind: 'plot', id: plot.id }, plot);
            }}
          />
        )}

        <FormError>{loadError ? `${tr('farmMap.loadFailed')} ${describeError(lang, loadError)}` : undefined}</FormError>

        <section aria-label={tr('farmMap.plots')}>
          <h3>{tr('farmMap.plots')}</h3>
          {plots.data && plotList.length === 0 && <p className="farm-map__hint">{tr('farmMap.noPlots')}</p>}
          <ul className="farm-map__list">
            {plotList.map((p) => (
              <li key={p.id}>
                <button type="button" aria-pressed={selection?.kind === 'plot' && selection.id === p.id} onClick={() => select({ kind: 'plot', id: p.id }, p)}>
                  {p.name} · {tr('farmMap.areaHa', { area: p.areaHa.toFixed(2) })}
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section aria-label={tr('farmMap.crops')}>
          <h3>{tr('farmMap.crops')}</h3>
          {crops.data && cropList.length === 0 && <p className="farm-map__hint">{tr('farmMap.noCrops')}</p>}
          <ul className="farm-map__list">
            {cropList.map((c) => (
              <li key={c.id}>
                <button type="button" aria-pressed={selection?.kind === 'crop' && selection.id === c.id} onClick={() => select({ kind: 'crop', id: c.id }, c)}>
                  {c.name} ({c.plantName}) · {tr('farmMap.areaHa', { area: c.areaHa.toFixed(2) })}
                </button>
              </li>
            ))}
          </ul>
        </section>

        {selected && (
          <section className="farm-map__form" aria-label={selected.name}>
            <div className="farm-map__actions">
              <button type="button" className="gl-button gl-button--secondary" disabled={!selected.canUndo} onClick={() => void step('undo')}>
                {tr('farmMap.undo')}
              </button>
              <button type="button" className="gl-button gl-button--secondary" disabled={!selected.canRedo} onClick={() => void step('redo')}>
                {tr('farmMap.redo')}
              </button>
            </div>
            <p className="farm-map__hint">{tr('farmMap.undoHint')}</p>
            {selectedPlot && tool !== 'crop' && (
              <button type="button" className="gl-button" onClick={() => setTool('crop')}>
                {tr('farmMap.addCrop')}
              </button>
            )}
            {selectedCrop && (
              <>
                <p>{tr('farmMap.sectorsCount', { count: selectedCrop.divided ? selectedCrop.sectors.length : 1 })}</p>
                <div className="farm-map__actions">
                  <button type="button" className="gl-button" onClick={() => void sectors('divide', selectedCrop)}>
                    {tr('farmMap.autoDivide')}
                  </button>
                  {selectedCrop.divided && (
                    <button type="button" className="gl-button gl-button--secondary" onClick={() => void sectors('revert', selectedCrop)}>
                      {tr('farmMap.revertSectors')}
                    </button>
                  )}
                </div>
              </>
            )}
            <FormError>{actionError}</FormError>
          </section>
        )}
        {tool === 'crop' && selectedPlot && (
          <CropForm
            plot={selectedPlot}
            onAdded={async (crop) => {
              setTool('none');
              await refresh();
              select({ kind: 'crop', id: crop.id }, crop);
            }}
          />
        )}
      </div>
      <div className="farm-map__map">
        <MapView
          config={config} baseStyle={baseStyle} cadastre={cadastre} plots={plotList} crops={cropList} selection={selection} label={tr('farmMap.mapLabel')}
          onMap={setMap}
          onPick={(next) => {
            if (tool !== 'draw') select(next);
          }}
        />
      </div>
    </div>
  );
}
