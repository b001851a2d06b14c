/** Simple inline SVG illustrations of the sampling guide (no image requests; colours of the app). */

const SOIL = '#8b5a2b';
const SOIL_DARK = '#6b4420';
const GRASS = '#6aa84f';
const GREEN = '#2f6b2f';

/** A sector with 15 sampling points (the most one sample takes) walked in a zigzag. */
export function PuncturesFigure({ label }: { label: string }) {
  const points: [number, number][] = [];
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 5; col++) points.push([25 + col * 40 + (row % 2 ? 20 : 0), 30 + row * 45]);
  const path = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');
  return (
    <svg viewBox="0 0 220 160" role="img" aria-label={label} className="guide-figure">
      <rect
        x="5"
        y="5"
        width="210"
        height="150"
        rx="10"
        fill="#e8f3e0"
        stroke={GREEN}
        strokeWidth="2"
        strokeDasharray="6 4"
      />
      <path d={path} fill="none" stroke={GREEN} strokeWidth="1.5" strokeDasharray="3 3" />
      {points.map(([x, y], i) => (
        <g key={i}>
          <circle cx={x} cy={y} r="7" fill={SOIL} />
          <text x={x} y={y + 3} textAnchor="middle" fontSize="8" fill="#fff">
            {i + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** A soil cross-section: the top 2-3 cm set aside, the sample taken down to 20 cm. */
export function DepthFigure({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 220 160" role="img" aria-label={label} className="guide-figure">
      <rect x="10" y="20" width="200" height="14" fill={GRASS} />
      <rect x="10" y="34" width="200" height="116" fill={SOIL} />
      <rect x="10" y="34" width="200" height="100" fill={SOIL_DARK} opacity="0.35" />
      <path d="M10 34h200" stroke="#fff" strokeDasharray="4 3" />
      <rect x="95" y="8" width="16" height="126" rx="3" fill="#c9ccd1" stroke="#555" />
      <path d="M150 20v14" stroke="#fff" strokeWidth="2" />
      <text x="156" y="31" fontSize="11" fill="#fff">
        2–3 cm ✕
      </text>
      <path d="M40 34v100" stroke="#fff" strokeWidth="2" markerEnd="url(#arrow)" />
      <text x="46" y="90" fontSize="13" fill="#fff" fontWeight="bold">
        20 cm
      </text>
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="5"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto-start-reverse"
        >
          <path d="M0 0L10 5L0 10z" fill="#fff" />
        </marker>
      </defs>
    </svg>
  );
}

/** Mixing in a bucket and about 1 kg in the bag. */
export function BagFigure({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 220 160" role="img" aria-label={label} className="guide-figure">
      <path d="M25 55h80l-10 85H35z" fill="#4a90d9" />
      <ellipse cx="65" cy="55" rx="40" ry="10" fill={SOIL} />
      <path d="M118 80l18-10" stroke={GREEN} strokeWidth="3" markerEnd="url(#arrow2)" />
      <path d="M145 60h50l8 80h-66z" fill="#f3ede2" stroke="#8a7a5a" strokeWidth="2" />
      <text x="170" y="110" textAnchor="middle" fontSize="18" fontWeight="bold" fill={SOIL_DARK}>
        ~1 kg
      </text>
      <defs>
        <marker
          id="arrow2"
          viewBox="0 0 10 10"
          refX="5"
          refY="5"
          markerWidth="5"
          markerHeight="5"
          orient="auto"
        >
          <path d="M0 0L10 5L0 10z" fill={GREEN} />
        </marker>
      </defs>
    </svg>
  );
}

/** A parcel and a calendar: send within 4 days. */
export function ParcelFigure({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 220 160" role="img" aria-label={label} className="guide-figure">
      <path d="M20 60l50-20 50 20v70l-50 20-50-20z" fill="#d8b27a" stroke="#8a6a3a" strokeWidth="2" />
      <path d="M20 60l50 20 50-20M70 80v70" fill="none" stroke="#8a6a3a" strokeWidth="2" />
      <rect x="135" y="40" width="70" height="80" rx="6" fill="#fff" stroke={GREEN} strokeWidth="2" />
      <rect x="135" y="40" width="70" height="18" rx="6" fill={GREEN} />
      <text x="170" y="102" textAnchor="middle" fontSize="34" fontWeight="bold" fill={GREEN}>
        4
      </text>
    </svg>
  );
}
