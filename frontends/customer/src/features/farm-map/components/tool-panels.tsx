import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField, toast } from '@gleba/ui';
import type { TCrop, TPlot, TPosition } from '@gleba/contracts';
import { formatLength } from '@gleba/i18n';
import { useLang, useT } from '../../../lib/i18n';
import {
  autoDivide,
  cutCrop,
  divideShape,
  mergePlots,
  moveShape,
  revertSectors,
  updateSectors,
} from '../api/farm-map';
import type { DrawnPolygon } from '../../../lib/map/use-terra-draw';
import { lineLengthsM, openLine, openRing } from '../rules/geometry';
import { useSaveAction } from '../hooks/use-save-action';
import { ActionRow } from './action-row';

/** The snap tolerances offered (metres; 0 = off). The server gets the same value with the shape. */
export const SNAP_CHOICES = [0, 1, 2, 5, 10, 25] as const;

/** A shape being worked on: a plot or a crop (the server's endpoints differ only by this). */
export type Target = { kind: 'plots' | 'crops'; item: TPlot | TCrop };

function Panel({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="farm-map__form" aria-label={title}>
      <h3>{title}</h3>
      {hint && <p className="farm-map__hint">{hint}</p>}
      {children}
    </section>
  );
}

export function SnapSetting({ value, onChange }: { value: number; onChange: (m: number) => void }) {
  const tr = useT();
  return (
    <label className="farm-map__snap">
      <span className="farm-map__label">{tr('farmMap.snapTolerance')}</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} title={tr('farmMap.snapHint')}>
        {SNAP_CHOICES.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? tr('farmMap.snapOff') : tr('farmMap.snapMetres', { m })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The ruler: segment lengths and the total in metres, live while the line is drawn. */
export function RulerPanel({
  points,
  onClear,
  onClose,
}: {
  points: TPosition[];
  onClear: () => void;
  onClose: () => void;
}) {
  const tr = useT();
  const lang = useLang();
  const segments = lineLengthsM(points);
  const total = segments.reduce((a, b) => a + b, 0);
  return (
    <Panel title={tr('farmMap.ruler')} hint={tr('farmMap.rulerHint')}>
      <p>
        <strong role="status">{tr('farmMap.rulerTotal', { length: formatLength(lang, total) })}</strong>
      </p>
      {segments.length > 1 && (
        <ol className="farm-map__edges">
          {segments.map((m, i) => (
            <li key={i}>{tr('farmMap.segment', { n: i + 1, length: formatLength(lang, m) })}</li>
          ))}
        </ol>
      )}
      <div className="farm-map__actions">
        <button type="button" className="gl-button gl-button--secondary" onClick={onClear}>
          {tr('farmMap.clear')}
        </button>
        <button type="button" className="gl-button gl-button--secondary" onClick={onClose}>
          {tr('farmMap.close')}
        </button>
      </div>
    </Panel>
  );
}

/** Move: drag on the map (the page sends the vector here) or type a distance and a direction. */
export function MovePanel({
  target,
  onDone,
  onClose,
}: {
  target: Target;
  onDone: () => Promise<void>;
  onClose: () => void;
}) {
  const tr = useT();
  const lang = useLang();
  const { error, setError, busy, run } = useSaveAction();
  const [distance, setDistance] = useState('');
  const [bearing, setBearing] = useState('0');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const distanceM = Number(distance.replace(',', '.'));
    const bearingDeg = Number(bearing.replace(',', '.'));
    if (
      !distance.trim() ||
      !(distanceM > 0 && distanceM <= 10_000) ||
      !bearing.trim() ||
      !(bearingDeg >= 0 && bearingDeg <= 360)
    ) {
      setError(tr('farmMap.moveInvalid'));
      return;
    }
    void run(async () => {
      await moveShape(target.kind, target.item.id, { distanceM, bearingDeg });
      toast.success(tr('farmMap.moved', { distance: formatLength(lang, distanceM) }));
      await onDone();
    });
  };
  return (
    <Panel title={tr('farmMap.move')} hint={tr('farmMap.moveHint')}>
      <form className="farm-map__form" onSubmit={submit} noValidate>
        <p className="farm-map__hint">{tr('farmMap.moveByNumbers')}</p>
        <TextField
          label={tr('farmMap.distanceM')}
          inputMode="decimal"
          value={distance}
          onChange={(e) => setDistance(e.target.value)}
        />
        <TextField
          label={tr('farmMap.bearingDeg')}
          inputMode="decimal"
          value={bearing}
          onChange={(e) => setBearing(e.target.value)}
        />
        <ActionRow error={error} busy={busy} apply={tr('farmMap.moveApply')} onClose={onClose} />
      </form>
    </Panel>
  );
}

/** What the page gives a panel that applies a drawn line or shape. */
interface DrawingProps {
  onDone: () => Promise<void>;
  onRedraw: () => void;
  onClose: () => void;
}

/**
 * A panel that applies what was drawn: `missing` is the message while the drawing is not ready,
 * `send` applies it and returns the success message.
 */
function DrawingPanel({
  title,
  hint,
  apply,
  missing,
  send,
  onDone,
  onRedraw,
  onClose,
}: DrawingProps & {
  title: string;
  hint: string;
  apply: string;
  missing: string | null;
  send: () => Promise<string>;
}) {
  const { error, setError, busy, run } = useSaveAction();
  const onApply = () => {
    if (missing) {
      setError(missing);
      return;
    }
    void run(async () => {
      toast.success(await send());
      await onDone();
    });
  };
  return (
    <Panel title={title} hint={hint}>
      <ActionRow
        error={error}
        busy={busy}
        apply={apply}
        onApply={onApply}
        onClear={onRedraw}
        onClose={onClose}
      />
    </Panel>
  );
}

/** Divide the selected plot or crop by the drawn line (exactly 2 vertices; the server checks it crosses). */
export function DividePanel({
  target,
  line,
  finished,
  ...page
}: DrawingProps & { target: Target; line: TPosition[]; finished: boolean }) {
  const tr = useT();
  const points = openLine(line);
  return (
    <DrawingPanel
      {...page}
      title={`${tr('farmMap.divide')}: ${target.item.name}`}
      hint={tr('farmMap.divideHint')}
      apply={tr('farmMap.divideApply')}
      missing={!finished || points.length < 2 ? tr('farmMap.lineNotDrawn') : null}
      send={async () => {
        const parts = await divideShape(target.kind, target.item.id, points);
        return tr('farmMap.dividedInto', { count: parts.length });
      }}
    />
  );
}

/** Cut the drawn shape out of the selected crop (at least 3 vertices, inside the crop, never all of it). */
export function CutPanel({
  crop,
  ring,
  closed,
  ...page
}: DrawingProps & { crop: TCrop; ring: TPosition[]; closed: boolean }) {
  const tr = useT();
  return (
    <DrawingPanel
      {...page}
      title={`${tr('farmMap.cut')}: ${crop.name}`}
      hint={tr('farmMap.cutHint')}
      apply={tr('farmMap.cutApply')}
      missing={!closed || ring.length === 0 ? tr('farmMap.shapeNotDrawn') : null}
      send={async () => {
        await cutCrop(crop.id, openRing(ring));
        return tr('farmMap.cutDone');
      }}
    />
  );
}

/** Merge: tick plots here or click them on the map; the first ticked one stays. */
export function MergePanel({
  plots,
  ticked,
  onTick,
  onDone,
  onClose,
}: {
  plots: TPlot[];
  ticked: string[];
  onTick: (id: string) => void;
  onDone: (plot: TPlot) => Promise<void>;
  onClose: () => void;
}) {
  const tr = useT();
  const { error, setError, busy, run } = useSaveAction();
  const apply = () => {
    if (ticked.length < 2) {
      setError(tr('farmMap.mergeTooFew'));
      return;
    }
    void run(async () => {
      const plot = await mergePlots(ticked);
      toast.success(tr('farmMap.merged'));
      await onDone(plot);
    });
  };
  return (
    <Panel title={tr('farmMap.merge')} hint={tr('farmMap.mergeHint')}>
      <ul className="farm-map__list">
        {plots.map((p) => (
          <li key={p.id}>
            <label className="farm-map__check">
              <input
                type="checkbox"
                checked={ticked.includes(p.id)}
                onChange={() => onTick(p.id)}
                aria-label={tr('farmMap.mergeTick', { name: p.name })}
              />{' '}
              {p.name}
            </label>
          </li>
        ))}
      </ul>
      <ActionRow
        error={error}
        busy={busy}
        apply={tr('farmMap.mergeApply', { count: ticked.length })}
        onApply={apply}
        onClose={onClose}
      />
    </Panel>
  );
}

/** The sectors as drawn now, for PUT: parts of one existing sector go back together as a MultiPolygon. */
export function sectorsBody(polygons: DrawnPolygon[]) {
  const byId = new Map<string, TPosition[][]>();
  const fresh: TPosition[][] = [];
  for (const p of polygons) {
    const open = openRing(p.ring);
    if (open.length < 3) continue;
    const ring = [...open, open[0]!];
    if (p.sectorId) byId.set(p.sectorId, [...(byId.get(p.sectorId) ?? []), ring]);
    else fresh.push(ring);
  }
  return {
    sectors: [
      ...[...byId].map(([id, rings]) => ({
        id,
        geometry:
          rings.length === 1
            ? { type: 'Polygon' as const, coordinates: [rings[0]!] }
            : { type: 'MultiPolygon' as const, coordinates: rings.map((r) => [r]) },
      })),
      ...fresh.map((ring) => ({ geometry: { type: 'Polygon' as const, coordinates: [ring] } })),
    ],
  };
}

/** Manual sectors: adjust the drawn ones or draw new ones, save (the server checks them), or go back to automatic. */
export function SectorEditor({
  crop,
  polygons,
  onSubMode,
  onDone,
  onClose,
}: {
  crop: TCrop;
  polygons: DrawnPolygon[];
  onSubMode: (mode: 'polygon' | 'select') => void;
  onDone: () => Promise<void>;
  onClose: () => void;
}) {
  const tr = useT();
  const { error, setError, busy, run } = useSaveAction();
  const [sub, setSub] = useState<'polygon' | 'select'>('select');
  const body = sectorsBody(polygons);
  const switchTo = (mode: 'polygon' | 'select') => {
    setSub(mode);
    onSubMode(mode);
  };
  const save = () => {
    if (body.sectors.length === 0) {
      setError(tr('farmMap.sectorsNone'));
      return;
    }
    void run(async () => {
      const updated = await updateSectors(crop.id, body);
      toast.success(tr('farmMap.sectorsSaved', { count: updated.sectors.length }));
      await onDone();
    });
  };
  const automatic = () =>
    void run(async () => {
      if (crop.divided) await revertSectors(crop.id);
      const updated = await autoDivide(crop.id);
      toast.success(tr('farmMap.divided', { count: updated.sectors.length }));
      await onDone();
    });
  return (
    <Panel title={`${tr('farmMap.sectorsEdit')}: ${crop.name}`} hint={tr('farmMap.sectorsHint')}>
      <div className="farm-map__actions" role="group">
        <button
          type="button"
          className="gl-button gl-button--secondary"
          aria-pressed={sub === 'select'}
          onClick={() => switchTo('select')}
        >
          {tr('farmMap.sectorsAdjust')}
        </button>
        <button
          type="button"
          className="gl-button gl-button--secondary"
          aria-pressed={sub === 'polygon'}
          onClick={() => switchTo('polygon')}
        >
          {tr('farmMap.sectorsDrawNew')}
        </button>
      </div>
      <ActionRow
        error={error}
        busy={busy}
        apply={tr('farmMap.sectorsSave', { count: body.sectors.length })}
        onApply={save}
        onClose={onClose}
      >
        <button type="button" className="gl-button gl-button--secondary" disabled={busy} onClick={automatic}>
          {tr('farmMap.sectorsAuto')}
        </button>
      </ActionRow>
    </Panel>
  );
}
