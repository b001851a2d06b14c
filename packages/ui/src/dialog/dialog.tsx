import { useEffect, useId, useRef, type ReactNode } from 'react';
import { trapFocus } from './focus-trap';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown under the content. */
  actions?: ReactNode;
}

/**
 * The modal dialog of both apps: focus moves into it and stays there (Tab cycles through its
 * controls), Escape and the backdrop close it, and on closing focus returns to the control that
 * opened it (`./focus-trap`, which the landing page's cookie dialog uses too).
 */
export function Dialog({ open, title, onClose, children, actions }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The latest onClose without re-trapping (and so moving focus) on every render.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open || !ref.current) return;
    const trap = trapFocus(ref.current, { onEscape: () => onCloseRef.current() });
    return () => trap.release();
  }, [open]);

  if (!open) return null;
  return (
    <div className="gl-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="gl-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={ref}
      >
        <h2 id={titleId} className="gl-dialog__title">
          {title}
        </h2>
        <div className="gl-dialog__body">{children}</div>
        {actions && <div className="gl-dialog__actions">{actions}</div>}
      </div>
    </div>
  );
}
