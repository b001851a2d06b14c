import { useT } from '../i18n';
import './map-view.css';
import type { LayerChoice } from './layer-choice';

export interface LayerSwitcherProps {
  choice: LayerChoice;
  onChange: (next: Partial<LayerChoice>) => void;
  /** Radio group name, unique on the page. */
  name?: string;
  className?: string;
}

/** Street map or orthophoto, and the cadastral overlay on or off: the same switcher on every map. */
export function LayerSwitcher({ choice, onChange, name = 'base-style', className }: LayerSwitcherProps) {
  const tr = useT();
  return (
    <fieldset className={className ?? 'map-layers'}>
      <legend>{tr('farmMap.baseMap')}</legend>
      {(['streets', 'orthophoto'] as const).map((s) => (
        <label key={s}>
          <input
            type="radio"
            name={name}
            value={s}
            checked={choice.base === s}
            onChange={() => onChange({ base: s })}
          />{' '}
          {tr(s === 'streets' ? 'farmMap.styleStreets' : 'farmMap.styleOrthophoto')}
        </label>
      ))}
      <label>
        <input
          type="checkbox"
          checked={choice.cadastre}
          onChange={(e) => onChange({ cadastre: e.target.checked })}
        />{' '}
        {tr('farmMap.cadastreOverlay')}
      </label>
    </fieldset>
  );
}
