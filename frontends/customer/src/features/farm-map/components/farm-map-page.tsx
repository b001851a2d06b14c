import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { OrdersLink } from '../../../lib/components/orders-link';
import { FormError, toast } from '@gleba/ui';
import type { TCrop, TParcel, TPlot, TPosition } from '@gleba/contracts';
import { formatLength, formatNumber } from '@gleba/i18n';
import { describeError, useLang, useT } from '../../../lib/i18n';
import {
  autoDivide,
  moveShape,
  revertSectors,
  undoRedo,
  useCrops,
  usePlots,
  useRefreshFarm,
} from '../api/farm-map';
import { useLayerChoice } from '../../../lib/map/layer-choice';
import { LayerSwitcher } from '../../../lib/map/layer-switcher';
import { readMapConfig } from '../../../lib/map/map-config';
import { MapView, type Selection } from '../../../lib/map/map-view';
import { useTerraDraw, type DrawSpec } from '../../../lib/map/use-terra-draw';
import { bbox, openingExtent, previewAreaHa } from '../rules/geometry';
import { saveErrorMessage } from '../rules/save-errors';
import { moveVector, snapRings } from '../../../lib/map/snap';
import {
  EMPTY_JOURNAL,
  applyStep,
  nextChange,
  recordChange,
  stepMessageKey,
  type ChangeKind,
} from '../rules/undo-labels';
import { CadastralForm } from './cadastral-form';
import { CitySearch } from './city-search';
import { CropEditForm, DeleteItem } from './crop-edit';
import { CropForm } from './crop-panel';
import { DrawPlotPanel, ringToPolygon } from './draw-plot-panel';
import { ImportExportPanel } from './import-export';
import { SelectParcelPanel } from './select-parcel-panel';
import {
  CutPanel,
  DividePanel,
  MergePanel,
  MovePanel,
  RulerPanel,
  SectorEditor,
  SnapSetting,
  type Target,
} from './tool-panels';
import '../farm-map.css';

type Tool =
  | 'none'
  | 'pick'
  | 'draw'
  | 'cadastral'
  | 'crop'
  | 'cropPart'
  | 'editCrop'
  | 'ruler'
  | 'move'
  | 'divide'
  | 'merge'
  | 'cut'
  | 'sectors'
  | 'files';
/** Tools that work on the selected plot or crop: choosing another one closes them. */
const ON_SELECTION: Tool[] = ['crop', 'cropPart', 'editCrop', 'move', 'divide', 'cut', 'sectors'];
const config = readMapConfig();
const DEFAULT_SNAP_M = 5;

/** Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac), except while typing in a field. */
function useUndoShortcuts(run: (step: 'undo' | 'redo') => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      const el = e.target as HTMLElement | null;
      if (
        el &&
        (el.tagName === 'INPUT' ||
          el.tagName === 'TEXTAREA' ||
          el.tagName === 'SELECT' ||
          el.isContentEditable)
      )
        return;
      e.preventDefault();
      run(e.shiftKey ? 'redo' : 'undo');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);
}

/** The map of plots and crops with the lists beside it and every map tool. */
export function FarmMapPage() {
  const tr = useT();
  const lang = useLang();
  const plots = usePlots();
  const crops = useCrops();
  const refresh = useRefreshFarm();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [layers, setLayers] = useLayerChoice();
  // `/map?plot=<id>` (or `?crop=`) opens on that shape, selected (read once: the page also
  // renders outside a router in its component tests).
  const [selection, setSelection] = useState<Selection>(() => {
    const search = new URLSearchParams(window.location.search);
    const plot = search.get('plot');
    const crop = search.get('crop');
    return plot ? { kind: 'plot', id: plot } : crop ? { kind: 'crop', id: crop } : null;
  });
  const [journal, setJournal] = useState(EMPTY_JOURNAL);
  const [stepStatus, setStepStatus] = useState('');
  const toolPanel = useRef<HTMLDivElement>(null);
  const fittedMap = useRef<MapLibreMap | null>(null);
  const [tool, setToolState] = useState<Tool>('none');
  const [round, setRound] = useState(0);
  const [snapM, setSnapM] = useState(DEFAULT_SNAP_M);
  const [mergeIds, setMergeIds] = useState<string[]>([]);
  const [actionError, setActionError] = useState<string>();
  // Select on map: the last click and the parcel found there (outlined on the map).
  const [pickPoint, setPickPoint] = useState<TPosition | null>(null);
  const [candidate, setCandidate] = useState<TParcel | null>(null);

  const plotList = useMemo(() => plots.data ?? [], [plots.data]);
  const cropList = useMemo(() => crops.data ?? [], [crops.data]);
  const selectedPlot = selection?.kind === 'plot' ? plotList.find((p) => p.id === selection.id) : undefined;
  const selectedCrop = selection?.kind === 'crop' ? cropList.find((c) => c.id === selection.id) : undefined;
  const selected: TPlot | TCrop | undefined = selectedPlot ?? selectedCrop;
  const target: Target | undefined = selectedPlot
    ? { kind: 'plots', item: selectedPlot }
    : selectedCrop
      ? { kind: 'crops', item: selectedCrop }
      : undefined;

  // The map opens on the chosen shape, else on all the plots (country view without any).
  const shapes = selection?.kind === 'crop' ? cropList : plotList;
  const opening = useMemo(
    () => (plots.data ? (openingExtent(shapes, selection?.id) ?? openingExtent(plotList)) : null),
    // Only where the map opens: later edits and selections move it themselves.
    [plots.data === undefined, crops.data === undefined],
  );
  useEffect(() => {
    if (!map || fittedMap.current === map || !plots.data) return;
    fittedMap.current = map;
    if (opening) map.fitBounds(opening, { padding: 60, maxZoom: 17, duration: 0 });
  }, [map, opening, plots.data]);

  // An opened tool's panel comes into view in the scrolling column, its heading focused.
  useEffect(() => {
    if (tool === 'none') return;
    const panel = toolPanel.current?.querySelector<HTMLElement>('[data-tool-panel] > *');
    if (!panel) return;
    panel.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    const heading = panel.querySelector<HTMLElement>('h2, h3, legend');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [tool]);

  const note = (id: string, kind: ChangeKind) => setJournal((j) => recordChange(j, id, kind));

  const setTool = (next: Tool) => {
    setToolState(next);
    setRound((r) => r + 1);
    setActionError(undefined);
    setPickPoint(null);
    setCandidate(null);
    if (next === 'merge') setMergeIds(selectedPlot ? [selectedPlot.id] : []);
  };

  const select = (next: Selection, item?: TPlot | TCrop) => {
    setSelection(next);
    setActionError(undefined);
    if (ON_SELECTION.includes(tool)) setToolState('none');
    if (item && map) map.fitBounds(bbox(item.geometry), { padding: 60, maxZoom: 17, duration: 600 });
  };

  // ---- terra-draw: what the active tool draws, and what it snaps to --------------------------

  const moveBy = useCallback(
    async (from: TPosition, to: TPosition) => {
      if (!target) return;
      const vector = moveVector(from, to);
      if (vector.distanceM < 0.01) return;
      setActionError(undefined);
      try {
        await moveShape(target.kind, target.item.id, {
          distanceM: Math.min(vector.distanceM, 10_000),
          bearingDeg: vector.bearingDeg,
        });
        note(target.item.id, 'move');
        toast.success(tr('farmMap.moved', { distance: formatLength(lang, vector.distanceM) }));
      } catch (err) {
        setActionError(saveErrorMessage(lang, err));
      }
      await refresh();
      // A refused move puts the shape back where the server has it.
      setRound((r) => r + 1);
    },
    [target, tr, lang, refresh],
  );

  let spec: DrawSpec | null = null;
  if (tool === 'draw' || (tool === 'cropPart' && selectedPlot) || (tool === 'cut' && selectedCrop))
    spec = { kind: 'polygon' };
  else if (tool === 'ruler' || (tool === 'divide' && target)) spec = { kind: 'line' };
  else if (tool === 'move' && target && target.item.geometry.type === 'Polygon')
    spec = { kind: 'move', shape: target.item.geometry, onMoved: (a, b) => void moveBy(a, b) };
  else if (tool === 'sectors' && selectedCrop)
    spec = { kind: 'sectors', sectors: selectedCrop.divided ? selectedCrop.sectors : [] };
  const drawKey = spec ? `${tool}:${selected?.id ?? ''}:${selected?.updatedAt ?? ''}:${round}` : null;

  const snapTargets = useMemo(() => {
    if (tool === 'draw' || tool === 'ruler') return snapRings(plotList.map((p) => p.geometry));
    if (tool === 'cropPart' && selectedPlot)
      return snapRings([
        selectedPlot.geometry,
        ...cropList.filter((c) => c.plotIds.includes(selectedPlot.id)).map((c) => c.geometry),
      ]);
    if ((tool === 'cut' || tool === 'sectors') && selectedCrop) return snapRings([selectedCrop.geometry]);
    return [];
  }, [tool, plotList, cropList, selectedPlot, selectedCrop]);
  const drawing = useTerraDraw(map, drawKey, spec, { rings: snapTargets, toleranceM: snapM });
  const redraw = () => setRound((r) => r + 1);

  // ---- server undo/redo, sectors ---------------------------------------------------------------

  const step = useCallback(
    async (which: 'undo' | 'redo') => {
      if (!selection) return;
      setActionError(undefined);
      setStepStatus('');
      try {
        const shape = await undoRedo(selection.kind === 'plot' ? 'plots' : 'crops', selection.id, which);
        const kind = nextChange(journal, selection.id, which);
        setJournal((j) => applyStep(j, selection.id, which));
        setStepStatus(
          tr(stepMessageKey(which, kind), {
            name: shape.name,
            area: formatNumber(lang, shape.areaHa, 2, 2),
          }),
        );
        await refresh();
      } catch (err) {
        setActionError(saveErrorMessage(lang, err));
      }
    },
    [selection, refresh, lang, journal, tr],
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

  const finish = async () => {
    if (target && (tool === 'move' || tool === 'divide' || tool === 'cut')) note(target.item.id, tool);
    setToolState('none');
    await refresh();
  };

  const loadError = plots.error ?? crops.error;
  const part = tool === 'cropPart' && drawing.finished ? ringToPolygon(drawing.points) : null;
  const toolButton = (t: Tool, label: string, secondary = true) => (
    <button
      type="button"
      className={secondary ? 'gl-button gl-button--secondary' : 'gl-button'}
      aria-pressed={tool === t}
      onClick={() => setTool(tool === t ? 'none' : t)}
    >
      {label}
    </button>
  );

  return (
    <div className="farm-map">
      <div className="farm-map__panel" ref={toolPanel}>
        <h2>{tr('farmMap.title')}</h2>
        <OrdersLink />
        <CitySearch onFly={(lng, lat, zoom) => map?.flyTo({ center: [lng, lat], zoom })} />

        <LayerSwitcher choice={layers} onChange={setLayers} className="farm-map__layers map-layers" />

        <section className="farm-map__form" aria-label={tr('farmMap.tools')}>
          <div className="farm-map__actions">
            {toolButton('draw', tr('farmMap.drawPlot'), false)}
            {toolButton('pick', tr('farmMap.selectOnMap'))}
            {toolButton('cadastral', tr('farmMap.addCadastral'))}
            {toolButton('ruler', tr('farmMap.ruler'))}
            {toolButton('merge', tr('farmMap.merge'))}
            {toolButton('files', tr('farmMap.importExport'))}
          </div>
          <SnapSetting value={snapM} onChange={setSnapM} />
        </section>

        <div data-tool-panel className="farm-map__tool">
          {tool === 'draw' && (
            <DrawPlotPanel
              ring={drawing.points}
              closed={drawing.finished}
              snapToleranceM={snapM}
              onCancel={() => setTool('none')}
              onSaved={async (plot) => {
                setToolState('none');
                await refresh();
                select({ kind: 'plot', id: plot.id }, plot);
              }}
            />
          )}
          {tool === 'pick' && (
            <SelectParcelPanel
              point={pickPoint}
              onParcel={setCandidate}
              onClose={() => setTool('none')}
              onAdded={async (plot) => {
                setTool('none');
                await refresh();
                select({ kind: 'plot', id: plot.id }, plot);
              }}
            />
          )}
          {tool === 'cadastral' && (
            <CadastralForm
              onAdded={async (plot) => {
                setToolState('none');
                await refresh();
                select({ kind: 'plot', id: plot.id }, plot);
              }}
            />
          )}
          {tool === 'ruler' && (
            <RulerPanel points={drawing.points} onClear={redraw} onClose={() => setTool('none')} />
          )}
          {tool === 'merge' && (
            <MergePanel
              plots={plotList}
              ticked={mergeIds}
              onTick={(id) =>
                setMergeIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))
              }
              onClose={() => setTool('none')}
              onDone={async (plot) => {
                note(plot.id, 'merge');
                setToolState('none');
                await refresh();
                select({ kind: 'plot', id: plot.id }, plot);
              }}
            />
          )}
          {tool === 'files' && (
            <ImportExportPanel
              plots={plotList}
              onImported={async () => {
                await refresh();
              }}
            />
          )}
        </div>

        <FormError>
          {loadError ? `${tr('farmMap.loadFailed')} ${describeError(lang, loadError)}` : undefined}
        </FormError>

        <section aria-label={tr('farmMap.plots')}>
          <h3>{tr('farmMap.plots')}</h3>
          {plots.data && plotList.length === 0 && <p className="farm-map__hint">{tr('farmMap.noPlots')}</p>}
          <ul className="farm-map__list">
            {plotList.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  aria-pressed={selection?.kind === 'plot' && selection.id === p.id}
                  onClick={() => select({ kind: 'plot', id: p.id }, p)}
                >
                  {p.name} · {tr('farmMap.areaHa', { area: formatNumber(lang, p.areaHa, 2, 2) })}
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
                <button
                  type="button"
                  aria-pressed={selection?.kind === 'crop' && selection.id === c.id}
                  onClick={() => select({ kind: 'crop', id: c.id }, c)}
                >
                  {c.name}
                  {c.plantName && c.plantName !== c.name ? ` (${c.plantName})` : ''} ·{' '}
                  {tr('farmMap.areaHa', { area: formatNumber(lang, c.areaHa, 2, 2) })}
                </button>
              </li>
            ))}
          </ul>
        </section>

        {selected && target && (
          <section className="farm-map__form" aria-label={selected.name}>
            <h3>{selected.name}</h3>
            <div className="farm-map__actions">
              <button
                type="button"
                className="gl-button gl-button--secondary"
                disabled={!selected.canUndo}
                onClick={() => void step('undo')}
              >
                {tr('farmMap.undo')}
              </button>
              <button
                type="button"
                className="gl-button gl-button--secondary"
                disabled={!selected.canRedo}
                onClick={() => void step('redo')}
              >
                {tr('farmMap.redo')}
              </button>
            </div>
            <p className="farm-map__hint">{tr('farmMap.undoHint')}</p>
            <p role="status" className="farm-map__status">
              {stepStatus}
            </p>
            {selectedCrop?.hasTest && <p className="farm-map__hint">{tr('farmMap.cropLocked')}</p>}
            <div className="farm-map__actions">
              {selectedPlot && toolButton('crop', tr('farmMap.addCrop'), false)}
              {selectedPlot && toolButton('cropPart', tr('farmMap.cropPart'))}
              {toolButton('move', tr('farmMap.move'))}
              {toolButton('divide', tr('farmMap.divide'))}
              {selectedCrop && toolButton('cut', tr('farmMap.cut'))}
              {selectedCrop && toolButton('editCrop', tr('farmMap.editCrop'))}
            </div>
            {selectedCrop && (
              <>
                <p>
                  {tr('farmMap.sectorsCount', {
                    count: selectedCrop.divided ? selectedCrop.sectors.length : 1,
                  })}
                </p>
                <div className="farm-map__actions">
                  <button
                    type="button"
                    className="gl-button"
                    onClick={() => void sectors('divide', selectedCrop)}
                  >
                    {tr('farmMap.autoDivide')}
                  </button>
                  {selectedCrop.divided && (
                    <button
                      type="button"
                      className="gl-button gl-button--secondary"
                      onClick={() => void sectors('revert', selectedCrop)}
                    >
                      {tr('farmMap.revertSectors')}
                    </button>
                  )}
                  {toolButton('sectors', tr('farmMap.sectorsEdit'))}
                </div>
              </>
            )}
            <FormError>{actionError}</FormError>
            <DeleteItem
              key={selected.id}
              kind={target.kind}
              item={selected}
              crops={cropList}
              onDeleted={async () => {
                setSelection(null);
                setToolState('none');
                await refresh();
              }}
            />
          </section>
        )}

        <div data-tool-panel className="farm-map__tool">
          {tool === 'crop' && selectedPlot && (
            <CropForm
              plot={selectedPlot}
              onAdded={async (crop) => {
                setToolState('none');
                await refresh();
                select({ kind: 'crop', id: crop.id }, crop);
              }}
            />
          )}
          {tool === 'cropPart' && selectedPlot && (
            <section className="farm-map__form" aria-label={tr('farmMap.cropPart')}>
              <h3>{tr('farmMap.cropPart')}</h3>
              <p className="farm-map__hint">{tr('farmMap.cropPartHint')}</p>
              {part ? (
                <>
                  <p>{tr('farmMap.cropPartArea', { area: formatNumber(lang, previewAreaHa(part), 2, 2) })}</p>
                  <CropForm
                    plot={selectedPlot}
                    geometry={part}
                    onAdded={async (crop) => {
                      setToolState('none');
                      await refresh();
                      select({ kind: 'crop', id: crop.id }, crop);
                    }}
                  />
                </>
              ) : (
                <p className="farm-map__hint">{tr('farmMap.shapeNotDrawn')}</p>
              )}
              <div className="farm-map__actions">
                <button type="button" className="gl-button gl-button--secondary" onClick={redraw}>
                  {tr('farmMap.clear')}
                </button>
              </div>
            </section>
          )}
          {tool === 'editCrop' && selectedCrop && (
            <CropEditForm key={selectedCrop.id} crop={selectedCrop} onSaved={finish} />
          )}
          {tool === 'move' && target && (
            <MovePanel target={target} onDone={finish} onClose={() => setTool('none')} />
          )}
          {tool === 'divide' && target && (
            <DividePanel
              target={target}
              line={drawing.points}
              finished={drawing.finished}
              onDone={finish}
              onRedraw={redraw}
              onClose={() => setTool('none')}
            />
          )}
          {tool === 'cut' && selectedCrop && (
            <CutPanel
              crop={selectedCrop}
              ring={drawing.points}
              closed={drawing.finished}
              onDone={finish}
              onRedraw={redraw}
              onClose={() => setTool('none')}
            />
          )}
          {tool === 'sectors' && selectedCrop && (
            <SectorEditor
              crop={selectedCrop}
              polygons={drawing.polygons}
              onSubMode={drawing.setSubMode}
              onDone={finish}
              onClose={() => setTool('none')}
            />
          )}
        </div>
      </div>
      <div className={tool === 'pick' ? 'farm-map__map farm-map__map--point' : 'farm-map__map'}>
        <MapView
          key={lang}
          config={config}
          baseStyle={layers.base}
          cadastre={layers.cadastre}
          initialBounds={opening}
          plots={plotList}
          crops={cropList}
          selection={selection}
          label={tr('farmMap.mapLabel')}
          onMap={setMap}
          onPoint={tool === 'pick' ? setPickPoint : undefined}
          candidate={tool === 'pick' ? candidate?.geometry : null}
          onPick={(next, plotUnder) => {
            if (tool === 'merge') {
              if (plotUnder)
                setMergeIds((ids) =>
                  ids.includes(plotUnder) ? ids.filter((x) => x !== plotUnder) : [...ids, plotUnder],
                );
              return;
            }
            if (spec) return;
            select(next);
          }}
        />
      </div>
    </div>
  );
}
