import type { ReactNode } from 'react';
import { FormError } from '@gleba/ui';
import { useT } from '../../../lib/i18n';

/**
 * A tool panel's error line and its buttons: the main action (disabled while busy; a submit button
 * without `onApply`), "clear" to redraw when given, any further buttons, then close.
 */
export function ActionRow({
  error,
  busy,
  apply,
  onApply,
  onClear,
  onClose,
  closeLabel,
  children,
}: {
  error: string | undefined;
  busy: boolean;
  apply: string;
  onApply?: () => void;
  onClear?: () => void;
  onClose: () => void;
  /** Defaults to "close". */
  closeLabel?: string;
  children?: ReactNode;
}) {
  const tr = useT();
  return (
    <>
      <FormError>{error}</FormError>
      <div className="farm-map__actions">
        <button type={onApply ? 'button' : 'submit'} className="gl-button" disabled={busy} onClick={onApply}>
          {apply}
        </button>
        {onClear && (
          <button type="button" className="gl-button gl-button--secondary" onClick={onClear}>
            {tr('farmMap.clear')}
          </button>
        )}
        {children}
        <button type="button" className="gl-button gl-button--secondary" onClick={onClose}>
          {closeLabel ?? tr('farmMap.close')}
        </button>
      </div>
    </>
  );
}
