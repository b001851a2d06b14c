import type { ReactNode } from 'react';

/** [lng, lat] */
export type SketchPoint = [number, number];

export interface SectorSketchProps {
  /** GeoJSON Polygon or MultiPolygon (WGS84) of the sector; null: only the points are drawn. */
  outline: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] } | null;
  /** Planned points, in walking order (numbered from 1). */
  planned: SketchPoint[];
  /** Indices of planned points already taken (drawn with a tick). */
  takenIndices?: ReadonlySet<number>;
  /** Where the punctures were actually taken. */
  taken?: SketchPoint[];
  /** The next point to walk to (a double ring). */
  nextIndex?: number | null;
  /** The user's live position and its accuracy (m). */
  position?: { at: SketchPoint; accuracyM: number | null } | null;
  /** The accessible name of the drawing (role img); the page says the same in words beside it. */
  label: string;
  /** A legend under the drawing (words for the marks). */
  legend?: { planned: string; taken: string; next?: string; you?: string };
}

const SIZE = 320;
const PAD = 18;
const M_PER_DEG = 111_320;

function rings(outline: SectorSketchProps['outline']): SketchPoint[][] {
  if (!outline) return [];
  const polys = (
    outline.type === 'Polygon' ? [outline.coordinates] : outline.coordinates
  ) as SketchPoint[][][];
  return polys.flat();
}

/**
 * A sector drawn to scale (north up) with its planned points, the punctures taken and the user's
 * position: a plain SVG, so it works offline without map tiles (decision 0058). The marks differ
 * in shape, not only in colour: a numbered circle (planned), a tick (taken), a double ring (next),
 * a dot in a translucent circle (you, with the accuracy).
 */
export function SectorSketch(props: SectorSketchProps): ReactNode {
  const outlineRings = rings(props.outline);
  const all: SketchPoint[] = [
    ...outlineRings.flat(),
    ...props.planned,
    ...(props.taken ?? []),
    ...(props.position ? [props.position.at] : []),
  ];
  if (all.length === 0) return null;
  const lat0 = all.reduce((s, p) => s + p[1], 0) / all.length;
  const kx = Math.cos((lat0 * Math.PI) / 180);
  const xs = all.map((p) => p[0] * kx);
  const ys = all.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY, 1e-6);
  const scale = (SIZE - 2 * PAD) / span;
  const offX = (SIZE - (maxX - minX) * scale) / 2;
  const offY = (SIZE - (maxY - minY) * scale) / 2;
  const px = (p: SketchPoint): [number, number] => [
    offX + (p[0] * kx - minX) * scale,
    SIZE - (offY + (p[1] - minY) * scale),
  ];
  const path = outlineRings
    .map(
      (r) =>
        r
          .map(
            (p, i) =>
              `${i ? 'L' : 'M'}${px(p)
                .map((v) => v.toFixed(1))
                .join(' ')}`,
          )
          .join(' ') + ' Z',
    )
    .join(' ');
  const metresToPx = (m: number) => (m / M_PER_DEG) * scale;
  const pos = props.position ? px(props.position.at) : null;
  return (
    <figure className="gl-sketch">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={props.label} className="gl-sketch__svg">
        {path && <path d={path} className="gl-sketch__sector" fillRule="evenodd" />}
        {(props.taken ?? []).map((p, i) => {
          const [x, y] = px(p);
          return <rect key={`t${i}`} x={x - 3} y={y - 3} width={6} height={6} className="gl-sketch__taken" />;
        })}
        {props.planned.map((p, i) => {
          const [x, y] = px(p);
          const taken = props.takenIndices?.has(i);
          const next = props.nextIndex === i;
          return (
            <g key={`p${i}`} className={taken ? 'gl-sketch__point is-taken' : 'gl-sketch__point'}>
              {next && <circle cx={x} cy={y} r={14} className="gl-sketch__next" />}
              <circle cx={x} cy={y} r={9} />
              {taken ? (
                <path d={`M${x - 4} ${y} l3 3 l5 -6`} className="gl-sketch__tick" />
              ) : (
                <text x={x} y={y + 3.5} textAnchor="middle">
                  {i + 1}
                </text>
              )}
            </g>
          );
        })}
        {pos && (
          <g className="gl-sketch__you">
            {props.position!.accuracyM !== null && (
              <circle cx={pos[0]} cy={pos[1]} r={Math.max(6, metresToPx(props.position!.accuracyM))} />
            )}
            <circle cx={pos[0]} cy={pos[1]} r={5} className="gl-sketch__you-dot" />
          </g>
        )}
        <text x={SIZE - 10} y={16} textAnchor="end" className="gl-sketch__north" aria-hidden="true">
          N ↑
        </text>
      </svg>
      {props.legend && (
        <figcaption className="gl-sketch__legend">
          <span>
            <svg width="14" height="14" aria-hidden="true" className="gl-sketch__point">
              <circle cx="7" cy="7" r="6" />
            </svg>{' '}
            {props.legend.planned}
          </span>
          <span>
            <svg width="14" height="14" aria-hidden="true">
              <rect x="4" y="4" width="6" height="6" className="gl-sketch__taken" />
            </svg>{' '}
            {props.legend.taken}
          </span>
          {props.legend.next && (
            <span>
              <svg width="14" height="14" aria-hidden="true">
                <circle cx="7" cy="7" r="6" className="gl-sketch__next" />
              </svg>{' '}
              {props.legend.next}
            </span>
          )}
          {props.legend.you && (
            <span>
              <svg width="14" height="14" aria-hidden="true" className="gl-sketch__you">
                <circle cx="7" cy="7" r="4" className="gl-sketch__you-dot" />
              </svg>{' '}
              {props.legend.you}
            </span>
          )}
        </figcaption>
      )}
    </figure>
  );
}
