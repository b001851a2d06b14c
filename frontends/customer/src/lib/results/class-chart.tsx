import type { TResultElement } from '@gleba/contracts';
import { formatNumber } from '@gleba/i18n';
import { useLang, type Translate } from '../i18n';

export const PH_CLASSES = ['VERY_ACIDIC', 'ACIDIC', 'SLIGHTLY_ACIDIC', 'NEUTRAL', 'ALKALINE'] as const;
export const NUTRIENT_CLASSES = ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'] as const;
export const CATEGORIES = ['VERY_LIGHT', 'LIGHT', 'MEDIUM', 'HEAVY', 'ORGANIC'] as const;

export const PH_COLOURS = ['#c0392b', '#e67e22', '#f1c40f', '#27ae60', '#2980b9'];
export const NUTRIENT_COLOURS = ['#c0392b', '#e67e22', '#f1c40f', '#27ae60', '#1e8449'];

/** The elements the chart and the table show, in the order of the lab report. */
export const MAIN_KEYS = ['PH_KCL', 'P2O5', 'K2O', 'MG'];

export function classesOf(key: string): readonly string[] {
  return key === 'PH_KCL' ? PH_CLASSES : NUTRIENT_CLASSES;
}

export function classMessage(key: string, cls: string): string {
  return key === 'PH_KCL' ? `customerTests.ph_${cls}` : `customerTests.nc_${cls}`;
}

const ROW = 44;
const LABEL_W = 90;
const BAR_W = 400;

/** Each element against its five classes: the scale in class colours, the element's bar to its class. */
export function ClassChart({ elements, tr }: { elements: TResultElement[]; tr: Translate }) {
  const lang = useLang();
  const value = (e: TResultElement) => (e.value === null ? null : formatNumber(lang, e.value, 2));
  const rows = elements.filter((e) => e.class && classesOf(e.key).includes(e.class));
  if (rows.length === 0) return null;
  const seg = BAR_W / 5;
  return (
    <figure className="results-chart">
      <figcaption>{tr('customerTests.chartTitle')}</figcaption>
      <svg
        viewBox={`0 0 ${LABEL_W + BAR_W + 10} ${rows.length * ROW + 10}`}
        role="img"
        aria-label={tr('customerTests.chartTitle')}
      >
        {rows.map((e, i) => {
          const classes = classesOf(e.key);
          const colours = e.key === 'PH_KCL' ? PH_COLOURS : NUTRIENT_COLOURS;
          const index = classes.indexOf(e.class!);
          const y = i * ROW + 5;
          return (
            <g key={e.key} data-element={e.key} data-class={e.class}>
              <text x={0} y={y + 22} fontSize={14}>
                {e.symbol}
              </text>
              {classes.map((c, ci) => (
                <rect
                  key={c}
                  x={LABEL_W + ci * seg}
                  y={y + 26}
                  width={seg - 2}
                  height={6}
                  fill={colours[ci]}
                  opacity={0.5}
                >
                  <title>{tr(classMessage(e.key, c))}</title>
                </rect>
              ))}
              <rect
                x={LABEL_W}
                y={y + 6}
                width={(index + 1) * seg - 2}
                height={16}
                rx={3}
                fill={colours[index]}
              >
                <title>{`${value(e) ?? ''} — ${tr(classMessage(e.key, e.class!))}`}</title>
              </rect>
              <text
                x={
                  LABEL_W + (index + 1) * seg + 4 > LABEL_W + BAR_W - 40
                    ? LABEL_W + 4
                    : LABEL_W + (index + 1) * seg + 4
                }
                y={y + 19}
                fontSize={12}
              >
                {value(e) ?? e.valueDescripted ?? ''}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function Legend({
  title,
  items,
  colours,
  current,
}: {
  title: string;
  items: { value: string; label: string }[];
  colours?: string[];
  current?: string | null;
}) {
  return (
    <section>
      <h3>{title}</h3>
      <ul className="class-legend">
        {items.map((item, i) => (
          <li
            key={item.value}
            className={item.value === current ? 'class-legend__current' : undefined}
            aria-current={item.value === current ? 'true' : undefined}
          >
            {colours && <span className="class-legend__swatch" style={{ background: colours[i] }} />}
            {item.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
