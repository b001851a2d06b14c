import { AdminMode } from '@gleba/contracts';
import { useT } from '../lib/i18n';
import { useModeStore } from '../stores/mode-store';

/** Farmer / garden mode (spec 6): stored in local storage `mode`, it picks `/farm-api` or `/garden-api`. */
export function ModeSwitch() {
  const tr = useT();
  const { mode, setMode } = useModeStore();
  return (
    <div className="mode-switch" role="group" aria-label={tr('admin.modeLabel')}>
      {AdminMode.options.map((m) => (
        <button key={m} type="button" aria-pressed={m === mode} onClick={() => setMode(m)}>
          {tr(m === 'farm' ? 'admin.modeFarm' : 'admin.modeGarden')}
        </button>
      ))}
    </div>
  );
}
